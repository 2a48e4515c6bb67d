//! The judge core's calls asked for so far, by stroke and ball on
//! ([`Calls`]): lines that differ only in their blanks are the same
//! stroke, and a stroke's call depends on nothing else.

use crate::core::snooker::balls::Stroke;
use crate::judge::snooker as judged;
use judged::frame::{Call, On};

/// Every call made so far: `places` holds, at a stroke's and ball on's
/// place, 0 for a call not made yet, or one more than the call's index in
/// `made`. The places are made when first asked, zeroed, so that only
/// the pages of calls asked for take memory.
#[derive(Default)]
pub(super) struct Calls {
    places: Vec<u32>,
    made: Vec<Call>,
}

/// The places of a ball on: the reds, a colour, then each colour by value.
const ONS: usize = 8;

impl Calls {
    /// Bits of a stroke's place: the ball first hit (3), the reds (4), the
    /// colours potted (6) and the cue ball (1).
    const STROKE_BITS: u32 = 14;

    /// The call of `stroke` (as the tool and as the judge core have it)
    /// with `on` the ball on.
    #[cold]
    #[inline(never)]
    pub(super) fn call(&mut self, stroke: &Stroke, judged: &judged::Stroke, on: On) -> Call {
        let place = stroke.first.map_or(0, |ball| ball as usize)
            | (stroke.reds as usize) << 3
            | usize::from(stroke.colours.0 >> 2) << 7
            | usize::from(stroke.white) << 13;
        let index = place * ONS + on_index(on);
        match self.places.get(index) {
            Some(&made) if made > 0 && stroke.reds < 16 => self.made[made as usize - 1],
            _ => self.fill(judged, on, index, stroke.reds < 16),
        }
    }

    /// The call at `index` not made yet: made, and kept if it has a place.
    #[cold]
    #[inline(never)]
    fn fill(&mut self, stroke: &judged::Stroke, on: On, index: usize, placed: bool) -> Call {
        let call = stroke.call(on);
        if placed {
            if self.places.is_empty() {
                self.places = vec![0; ONS << Calls::STROKE_BITS];
            }
            self.made.push(call);
            self.places[index] = self.made.len() as u32;
        }
        call
    }
}

/// The place of a ball on among a stroke's calls.
#[inline(always)]
pub(super) fn on_index(on: On) -> usize {
    match on {
        On::Reds => 0,
        On::AnyColour => 1,
        On::Colour(colour) => colour.value() as usize,
    }
}
