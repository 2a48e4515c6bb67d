//! The runs of slot digits of the fast path: played a block at a time,
//! and past a long run's first block only read once the game is invalid.

use super::Game;

/// Plays the run of slot digits of `text` from `pos` on, a block at a
/// time (`play_block`), and returns where the run ends.
/// A run longer than `PLAYED_BLOCK` goes on in `play_long_run`.
#[inline(always)]
pub(super) fn play_slots(game: &mut Game, text: &[u8], pos: usize) -> usize {
    let played = play_block(game, text, pos);
    if played < PLAYED_BLOCK {
        return pos + played;
    }
    let (long_game, end) = play_long_run(*game, text, pos + played);
    *game = long_game;
    end
}

/// Plays the slot digits of `text` from `pos` on, up to `PLAYED_BLOCK`
/// of them, and returns how many. A block of a fixed length is read in
/// turns of `STEP` bytes, known to be in it: the loop checks only the
/// bytes, and its count once a turn.
#[inline(always)]
fn play_block(game: &mut Game, text: &[u8], pos: usize) -> usize {
    const STEP: usize = 4;
    let padded;
    let block: &[u8; PLAYED_BLOCK] = match text.get(pos..pos + PLAYED_BLOCK) {
        Some(block) => block.try_into().expect("a block"),
        None => {
            padded = padded_block(text, pos);
            &padded
        }
    };
    let mut played = 0;
    for turn in block.chunks_exact(STEP) {
        for &slot in turn {
            if !is_slot_digit(slot) {
                return played;
            }
            game.play(slot);
            played += 1;
        }
    }
    played
}

/// The bytes of `text` from `pos` on, too few for a block, and zeros
/// after them, which end any run of slot digits.
#[cold]
#[inline(never)]
fn padded_block(text: &[u8], pos: usize) -> [u8; PLAYED_BLOCK] {
    let mut block = [0; PLAYED_BLOCK];
    let rest = text.get(pos..).unwrap_or_default();
    block[..rest.len()].copy_from_slice(rest);
    block
}

/// How many slot digits `play_slots` plays before it asks whether the
/// game is invalid; a multiple of `play_block`'s turn, so that its turns
/// fill it.
const PLAYED_BLOCK: usize = 64;

/// `play_slots` past its first block, on a copy of the game, handed back
/// with where the run ends: a block at a time while the game is not
/// invalid, asked after each block; then the rest of the run only read,
/// as moves after a game is invalid change nothing.
#[cold]
#[inline(never)]
fn play_long_run(mut game: Game, text: &[u8], mut pos: usize) -> (Game, usize) {
    while !game.is_invalid() {
        let played = play_block(&mut game, text, pos);
        pos += played;
        if played < PLAYED_BLOCK {
            return (game, pos);
        }
    }
    (game, pos + slot_digits(&text[pos..]))
}

/// How many slot digits `bytes` begins with: whole blocks first, each
/// looked at without a branch a byte (which the compiler does many bytes
/// at once), then a byte at a time.
pub(super) fn slot_digits(bytes: &[u8]) -> usize {
    const BLOCK: usize = 32;
    let all_slot_digits = |block: &&[u8]| block.iter().fold(true, |all, &b| all & is_slot_digit(b));
    let whole = bytes
        .chunks_exact(BLOCK)
        .take_while(all_slot_digits)
        .count();
    let at = whole * BLOCK;
    at + bytes[at..]
        .iter()
        .take_while(|&&byte| is_slot_digit(byte))
        .count()
}

/// Whether `byte` is a slot digit, 1 to 7.
#[inline(always)]
fn is_slot_digit(byte: u8) -> bool {
    (b'1'..=b'7').contains(&byte)
}
