//! Shapes and their areas.

/* A block comment /* with another inside */ that ends here. */

/// Something with an area.
pub trait Area {
    fn area(&self) -> u64;

    /// Twice the area (only strict mode asks).
    fn double(&self) -> u64 {
        2 * self.area()
    }
}

/// A shape and its sizes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    Square(u64),
    Circle(u64),
    Rect(u64, u64),
}

/// The smallest size (another module has a `FIRST` too).
const FIRST: u64 = 1;

impl Area for Shape {
    fn area(&self) -> u64 {
        match *self {
            Self::Square(FIRST) => FIRST,
            Self::Square(side) => side * side,
            Shape::Circle(r) => 3 * r * r,
            Shape::Rect(w, h) => w * h,
        }
    }
}

impl Shape {
    /// The sizes, as a pair (tuple fields read as `pair.0.1`).
    pub fn sizes(&self) -> ((u64,), (u64, u64)) {
        match *self {
            Shape::Square(s) => ((1,), (s, s)),
            Shape::Circle(r) => ((1,), (r, r)),
            Shape::Rect(w, h) => ((2,), (w, h)),
        }
    }
}

/// The running total of the areas.
#[derive(Default)]
pub struct Total(pub u64);

impl Total {
    pub fn add(&mut self, shape: &Shape) {
        self.0 += shape.area();
    }

    /// Never called: dropped from every bundle.
    pub fn reset(&mut self) {
        self.0 = 0;
    }
}

/// Longest name among `names` (lifetimes, nested generics).
pub fn longest<'a>(names: &'a [Vec<Vec<u8>>]) -> Option<&'a Vec<Vec<u8>>> {
    names.iter().max_by_key(|n| n.len())
}
