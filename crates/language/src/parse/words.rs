//! The input of the spoken grammar: a slice of [`Word`]s, made a nom input so the rules read like the
//! grammar, and the one-word rule every other rule is built from.

use nom::error::{Error, ErrorKind};
use nom::{IResult, Input, Needed};

use super::lexicon::{Meaning, Word};

/// The words not yet heard.
#[derive(Clone, Copy, Debug)]
pub struct Words<'a>(pub &'a [Word]);

pub type Res<'a, T> = IResult<Words<'a>, T>;

impl<'a> Input for Words<'a> {
    type Item = &'a Word;
    type Iter = std::slice::Iter<'a, Word>;
    type IterIndices = std::iter::Enumerate<std::slice::Iter<'a, Word>>;

    fn input_len(&self) -> usize {
        self.0.len()
    }

    fn take(&self, index: usize) -> Self {
        Words(&self.0[..index])
    }

    fn take_from(&self, index: usize) -> Self {
        Words(&self.0[index..])
    }

    fn take_split(&self, index: usize) -> (Self, Self) {
        let (prefix, suffix) = self.0.split_at(index);
        (Words(suffix), Words(prefix))
    }

    fn position<P>(&self, predicate: P) -> Option<usize>
    where
        P: Fn(Self::Item) -> bool,
    {
        self.0.iter().position(predicate)
    }

    fn iter_elements(&self) -> Self::Iter {
        self.0.iter()
    }

    fn iter_indices(&self) -> Self::IterIndices {
        self.0.iter().enumerate()
    }

    fn slice_index(&self, count: usize) -> Result<usize, Needed> {
        if self.0.len() >= count {
            Ok(count)
        } else {
            Err(Needed::new(count - self.0.len()))
        }
    }
}

/// One word whose meaning gives a value in this place.
pub fn one<'a, T>(meaning: impl Fn(&Meaning) -> Option<T>) -> impl Fn(Words<'a>) -> Res<'a, T> {
    move |i: Words<'a>| match i.0.split_first() {
        Some((word, rest)) => match meaning(&word.meaning) {
            Some(value) => Ok((Words(rest), value)),
            None => Err(nom::Err::Error(Error::new(i, ErrorKind::Verify))),
        },
        None => Err(nom::Err::Error(Error::new(i, ErrorKind::Eof))),
    }
}

/// One of the small words with any of these flags (`schlägt`, `nach`, `Schach`).
pub fn flagged<'a>(bits: u32) -> impl Fn(Words<'a>) -> Res<'a, ()> {
    one(move |m| m.has(bits).then_some(()))
}
