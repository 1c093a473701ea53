//! What to say next: the priority rules of issue 4 as a small pure struct, so they are tested
//! exactly, without threads or time. The speaker thread asks it what to hand to the backend.
//!
//! - [`Priority::Urgent`] cuts off whatever non-urgent sentence is being said. Urgent sentences do not
//!   cut each other off: a flag fall and the result it causes come together and both must be heard.
//! - [`Priority::Move`] sentences wait their turn and are never dropped; a move cut off by an urgent
//!   sentence is said again right after it, so the player never loses the opponent's move.
//! - [`Priority::ReadBack`] (the player's own move read back) goes with the moves, but the
//!   opponent's move cuts it off while it is being said, and it is not said again.
//! - [`Priority::Info`] (navigation chatter, answers) is replaced by newer Info, even while it is
//!   being said; and a move cuts off Info being said: the game comes first. Info cut off is not
//!   said again (the player may ask again; `repeat` says the last whole sentence).
//! - Apart from urgent sentences jumping the queue and moves going ahead of an answer not yet begun,
//!   sentences are said in the order they came: a move and the sentence about the clock it started
//!   belong together, in the game's order.
//! - Nothing is ever de-duplicated: the same sentence twice is said twice (a repeat must be heard).
//! - An answer longer than [`PIECE`] characters is said a sentence or two at a time, so that a move
//!   cuts it off at once even on a backend that cannot be stopped mid-sentence. What a move cut off
//!   is kept: [`Queue::more`] goes on from there.

use std::collections::VecDeque;

use anna_core::message::Priority;

/// Words made again when they are said, given the time since they were first made: an answer
/// about the clocks reads them when it is spoken, not when it was asked.
pub type Live = std::sync::Arc<dyn Fn(std::time::Duration) -> String + Send + Sync>;

/// One sentence to say: the words, already rendered, and how urgent they are.
#[derive(Clone)]
pub struct Item {
    pub text: String,
    pub priority: Priority,
    /// Made again when it is said (see [`Live`]), with the instant it was first made.
    pub live: Option<(Live, std::time::Instant)>,
}

impl Item {
    pub fn new(text: impl Into<String>, priority: Priority) -> Item {
        Item { text: text.into(), priority, live: None }
    }

    /// The words to say now.
    pub fn words(&self) -> String {
        match &self.live {
            Some((live, made)) => live(made.elapsed()),
            None => self.text.clone(),
        }
    }
}

impl std::fmt::Debug for Item {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Item").field("text", &self.text).field("priority", &self.priority).finish_non_exhaustive()
    }
}

/// Items are the same when they say the same at the same priority.
impl PartialEq for Item {
    fn eq(&self, other: &Item) -> bool {
        self.text == other.text && self.priority == other.priority
    }
}

impl Eq for Item {}

/// Answers longer than this many characters are said in pieces of about this size.
pub const PIECE: usize = 160;

/// The sentences waiting, and the one being said.
#[derive(Debug, Default)]
pub struct Queue {
    urgent: VecDeque<Item>,
    /// Moves and Info, in the order they came; the Info are the pieces of one answer at most.
    waiting: VecDeque<Item>,
    current: Option<Item>,
    last: Option<Item>,
    /// The pieces of an answer that a move cut off, for [`Queue::more`].
    rest: VecDeque<Item>,
}

/// What the speaker must do after [`Queue::push`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Push {
    /// Nothing more: the sentence waits its turn.
    Wait,
    /// Stop the backend now: an urgent sentence cut off the current one.
    Interrupt,
}

impl Queue {
    pub fn new() -> Queue {
        Queue::default()
    }

    /// Adds a sentence; says whether the backend must be stopped first.
    pub fn push(&mut self, item: Item) -> Push {
        match item.priority {
            Priority::Urgent => {
                self.urgent.push_back(item);
                match self.current.take_if(|c| c.priority != Priority::Urgent) {
                    Some(cut) => {
                        // A move must still be heard; chatter that was cut off is simply dropped.
                        if cut.priority != Priority::Info {
                            self.waiting.push_front(cut);
                        }
                        Push::Interrupt
                    }
                    None => Push::Wait,
                }
            }
            Priority::Move | Priority::ReadBack => {
                // The opponent's move cuts off the player's own move being read back.
                if item.priority == Priority::Move
                    && self.current.take_if(|current| current.priority == Priority::ReadBack).is_some()
                {
                    let first_info = self.waiting.iter().position(|w| w.priority == Priority::Info);
                    self.waiting.insert(first_info.unwrap_or(self.waiting.len()), item);
                    return Push::Interrupt;
                }
                // The game first: the answer being said and its pieces still waiting give way, kept
                // for `more`; an answer not yet begun waits behind the move.
                let Some(cut) = self.current.take_if(|current| current.priority == Priority::Info) else {
                    let first_info = self.waiting.iter().position(|w| w.priority == Priority::Info);
                    self.waiting.insert(first_info.unwrap_or(self.waiting.len()), item);
                    return Push::Wait;
                };
                let pieces = self.waiting.iter().filter(|w| w.priority == Priority::Info).cloned();
                self.rest = std::iter::once(cut).chain(pieces).collect();
                self.waiting.retain(|waiting| waiting.priority != Priority::Info);
                self.waiting.push_back(item);
                Push::Interrupt
            }
            Priority::Info => {
                // A newer answer replaces the older, even while it is being said.
                self.waiting.retain(|waiting| waiting.priority != Priority::Info);
                self.rest.clear();
                self.waiting.extend(pieces(item));
                match self.current.take_if(|current| current.priority == Priority::Info) {
                    Some(_) => Push::Interrupt,
                    None => Push::Wait,
                }
            }
        }
    }

    /// Goes on with the answer a move cut off, from the piece that was cut; false when there is none.
    pub fn more(&mut self) -> bool {
        if self.rest.is_empty() {
            return false;
        }
        self.waiting.extend(self.rest.drain(..));
        true
    }

    /// Says the last sentence handed to the backend again, at its own priority, even if identical.
    pub fn repeat(&mut self) -> Push {
        match self.last.clone() {
            Some(last) => self.push(last),
            None => Push::Wait,
        }
    }

    /// The sentence to hand to the backend now, if it is free: the most urgent waiting one.
    pub fn start_next(&mut self) -> Option<&Item> {
        if self.current.is_some() {
            return None;
        }
        let next = self.urgent.pop_front().or_else(|| self.waiting.pop_front())?;
        self.last = Some(next.clone());
        self.current = Some(next);
        self.current.as_ref()
    }

    /// The sentence being said, if any.
    pub fn current(&self) -> Option<&Item> {
        self.current.as_ref()
    }

    /// The backend finished the current sentence.
    pub fn finished(&mut self) {
        self.current = None;
    }

    /// Nothing being said and nothing waiting.
    pub fn is_idle(&self) -> bool {
        self.current.is_none() && self.urgent.is_empty() && self.waiting.is_empty()
    }

    /// Forgets everything waiting and being said (when speech is shut down).
    pub fn clear(&mut self) {
        self.urgent.clear();
        self.waiting.clear();
        self.rest.clear();
        self.current = None;
    }
}

/// An answer in pieces of a sentence or a few, each at most about [`PIECE`] characters (a single
/// longer sentence stays whole); anything else as it is.
fn pieces(item: Item) -> Vec<Item> {
    if item.priority != Priority::Info || item.live.is_some() || item.text.chars().count() <= PIECE {
        return vec![item];
    }
    let mut sentences = Vec::new();
    let mut start = 0;
    let bytes = item.text.as_bytes();
    for (i, c) in item.text.char_indices() {
        let ends = matches!(c, '.' | ';' | '?' | '!') && bytes.get(i + 1) == Some(&b' ');
        if ends {
            sentences.push(&item.text[start..=i]);
            start = i + 2;
        }
    }
    if start < item.text.len() {
        sentences.push(&item.text[start..]);
    }
    let mut out: Vec<Item> = Vec::new();
    let mut piece = String::new();
    for sentence in sentences {
        if !piece.is_empty() && piece.chars().count() + 1 + sentence.chars().count() > PIECE {
            out.push(Item::new(std::mem::take(&mut piece), item.priority));
        }
        if !piece.is_empty() {
            piece.push(' ');
        }
        piece.push_str(sentence);
    }
    if !piece.is_empty() {
        out.push(Item::new(piece, item.priority));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use Priority::{Info, Move, Urgent};

    /// Says everything: starts and finishes each sentence in turn, returning the words in order.
    fn drain(queue: &mut Queue) -> Vec<String> {
        let mut said = Vec::new();
        while let Some(item) = queue.start_next() {
            said.push(item.text.clone());
            queue.finished();
        }
        said
    }

    #[test]
    fn moves_are_said_in_order_and_never_dropped() {
        let mut q = Queue::new();
        for text in ["e4", "e5", "Nf3", "Nc6"] {
            assert_eq!(q.push(Item::new(text, Move)), Push::Wait);
        }
        assert_eq!(drain(&mut q), ["e4", "e5", "Nf3", "Nc6"]);
        assert!(q.is_idle());
    }

    #[test]
    fn the_opponents_move_cuts_off_the_players_own_read_back() {
        let mut q = Queue::new();
        q.push(Item::new("White: Eva vier.", Priority::ReadBack));
        q.push(Item::new("Commands: ...", Info));
        assert_eq!(q.start_next().unwrap().text, "White: Eva vier.");
        assert_eq!(q.push(Item::new("Black: Eva fünf.", Move)), Push::Interrupt);
        assert_eq!(drain(&mut q), ["Black: Eva fünf.", "Commands: ..."]);
        // Not yet begun, it keeps the game's order; and an urgent sentence does not lose it.
        q.push(Item::new("White: Springer Felix drei.", Priority::ReadBack));
        q.push(Item::new("Black: Springer Cäsar sechs.", Move));
        assert_eq!(q.start_next().unwrap().text, "White: Springer Felix drei.");
        assert_eq!(q.push(Item::new("Black's flag has fallen.", Urgent)), Push::Interrupt);
        assert_eq!(
            drain(&mut q),
            ["Black's flag has fallen.", "White: Springer Felix drei.", "Black: Springer Cäsar sechs."]
        );
    }

    #[test]
    fn identical_sentences_are_each_said() {
        let mut q = Queue::new();
        q.push(Item::new("Knight f3", Move));
        q.push(Item::new("Knight f3", Move));
        assert_eq!(drain(&mut q), ["Knight f3", "Knight f3"]);
    }

    #[test]
    fn newer_info_replaces_info_not_yet_said() {
        let mut q = Queue::new();
        q.push(Item::new("a1", Info));
        q.push(Item::new("a2", Info));
        q.push(Item::new("a3", Info));
        assert_eq!(drain(&mut q), ["a3"]);
    }

    #[test]
    fn a_newer_answer_cuts_off_the_answer_being_said() {
        let mut q = Queue::new();
        q.push(Item::new("a1", Info));
        assert_eq!(q.start_next().unwrap().text, "a1");
        assert_eq!(q.push(Item::new("a2", Info)), Push::Interrupt);
        assert_eq!(drain(&mut q), ["a2"]);
    }

    #[test]
    fn a_move_cuts_off_an_answer_being_said_and_the_answer_is_not_said_again() {
        let mut q = Queue::new();
        q.push(Item::new("Commands: a move like e4 ...", Info));
        assert_eq!(q.start_next().unwrap().priority, Info);
        assert_eq!(q.push(Item::new("Black: Eva fünf.", Move)), Push::Interrupt);
        assert_eq!(drain(&mut q), ["Black: Eva fünf."]);
    }

    #[test]
    fn a_long_answer_is_said_in_pieces_and_more_goes_on_where_a_move_cut_it() {
        let help = "Commands: a move like e4 or Nf3; press or Enter; time or c; last or l; moves; turn; repeat; \
                    offer; accept; decline; claim; resign; flag; pause; resume. Say help and a command to hear more.";
        let mut q = Queue::new();
        q.push(Item::new(help, Info));
        let first = q.start_next().unwrap().text.clone();
        assert!(first.chars().count() <= PIECE && help.starts_with(&first), "{first}");
        // The opponent's move cuts the answer off at once; the rest waits for `more`.
        assert_eq!(q.push(Item::new("Black: Eva fünf.", Move)), Push::Interrupt);
        assert_eq!(drain(&mut q), ["Black: Eva fünf."]);
        assert!(q.more());
        assert_eq!(drain(&mut q).join(" "), help, "more begins with the piece that was cut");
        assert!(!q.more(), "nothing more");
    }

    #[test]
    fn a_move_does_not_cut_off_a_move() {
        let mut q = Queue::new();
        q.push(Item::new("Clock started.", Move));
        q.start_next();
        assert_eq!(q.push(Item::new("White: Eva vier.", Move)), Push::Wait);
        q.finished();
        assert_eq!(drain(&mut q), ["White: Eva vier."]);
    }

    #[test]
    fn urgent_interrupts_and_goes_first() {
        let mut q = Queue::new();
        q.push(Item::new("e4", Move));
        assert_eq!(q.start_next().unwrap().text, "e4");
        q.push(Item::new("e5", Move));
        assert_eq!(q.push(Item::new("flag", Urgent)), Push::Interrupt);
        assert!(q.current().is_none(), "the cut-off sentence is no longer current");
        // The move cut off is said again after the urgent sentence, before the next.
        assert_eq!(drain(&mut q), ["flag", "e4", "e5"]);
    }

    #[test]
    fn a_move_cut_off_is_said_again_after_the_urgent_sentence() {
        let mut q = Queue::new();
        q.push(Item::new("e4", Move));
        q.push(Item::new("e5", Move));
        q.start_next();
        assert_eq!(q.push(Item::new("illegal", Urgent)), Push::Interrupt);
        assert_eq!(drain(&mut q), ["illegal", "e4", "e5"]);
    }

    #[test]
    fn urgent_does_not_cut_off_urgent() {
        let mut q = Queue::new();
        q.push(Item::new("flag fell", Urgent));
        q.start_next();
        assert_eq!(q.push(Item::new("black wins", Urgent)), Push::Wait);
        q.finished();
        assert_eq!(drain(&mut q), ["black wins"]);
    }

    #[test]
    fn urgent_when_idle_needs_no_stop() {
        let mut q = Queue::new();
        assert_eq!(q.push(Item::new("flag", Urgent)), Push::Wait);
    }

    #[test]
    fn urgent_jumps_the_queue_and_the_rest_keep_their_order() {
        let mut q = Queue::new();
        q.push(Item::new("clock started", Move));
        q.push(Item::new("e4", Move));
        q.push(Item::new("urgent", Urgent));
        q.push(Item::new("e5", Move));
        assert_eq!(drain(&mut q), ["urgent", "clock started", "e4", "e5"]);
    }

    #[test]
    fn a_move_goes_ahead_of_an_answer_not_yet_begun() {
        let mut q = Queue::new();
        q.push(Item::new("White: Eva vier.", Move));
        q.start_next();
        q.push(Item::new("White 5 minutes, Black 5 minutes.", Info));
        assert_eq!(q.push(Item::new("Black: Eva fünf.", Move)), Push::Wait);
        q.finished();
        assert_eq!(drain(&mut q), ["Black: Eva fünf.", "White 5 minutes, Black 5 minutes."]);
    }

    #[test]
    fn newer_info_takes_the_place_at_the_end() {
        let mut q = Queue::new();
        q.push(Item::new("a1", Info));
        q.push(Item::new("e4", Move));
        q.push(Item::new("a2", Info));
        assert_eq!(drain(&mut q), ["e4", "a2"]);
    }

    #[test]
    fn nothing_starts_while_a_sentence_is_being_said() {
        let mut q = Queue::new();
        q.push(Item::new("e4", Move));
        q.push(Item::new("e5", Move));
        assert_eq!(q.start_next().unwrap().text, "e4");
        assert!(q.start_next().is_none());
        assert!(!q.is_idle());
    }

    #[test]
    fn repeat_says_the_last_sentence_again_even_when_identical() {
        let mut q = Queue::new();
        assert_eq!(q.repeat(), Push::Wait);
        assert!(q.is_idle(), "nothing said yet, nothing to repeat");
        q.push(Item::new("Knight f3", Move));
        assert_eq!(drain(&mut q), ["Knight f3"]);
        q.repeat();
        q.repeat();
        assert_eq!(drain(&mut q), ["Knight f3", "Knight f3"]);
    }

    #[test]
    fn clear_forgets_everything() {
        let mut q = Queue::new();
        q.push(Item::new("e4", Move));
        q.push(Item::new("x", Info));
        q.start_next();
        q.clear();
        assert!(q.is_idle());
    }
}

/// The queue on a virtual clock: sentences arrive at given times, and a backend takes a given time a
/// character; what is said, when it starts, and when it ends or is cut off. No thread, no sleep.
#[cfg(test)]
mod timing {
    use super::*;
    use Priority::{Info, Move, Urgent};

    /// (start, text, end, cut off)
    type Said = (u64, String, u64, bool);

    fn simulate(arrivals: &[(u64, &str, Priority)], ms_per_char: u64) -> Vec<Said> {
        let mut q = Queue::new();
        let mut said: Vec<Said> = Vec::new();
        let mut speaking: Option<(u64, String, u64)> = None;
        let mut arrivals: VecDeque<(u64, &str, Priority)> = arrivals.iter().copied().collect();
        loop {
            // The next thing to happen: an arrival, or the end of the sentence being said.
            let next_arrival = arrivals.front().map(|a| a.0);
            let next_end = speaking.as_ref().map(|s| s.2);
            let now = match (next_arrival, next_end) {
                (Some(a), Some(e)) => a.min(e),
                (Some(a), None) => a,
                (None, Some(e)) => e,
                (None, None) => break,
            };
            if next_end == Some(now) {
                let (start, text, end) = speaking.take().unwrap();
                said.push((start, text, end, false));
                q.finished();
            }
            while arrivals.front().is_some_and(|a| a.0 == now) {
                let (_, text, priority) = arrivals.pop_front().unwrap();
                if q.push(Item::new(text, priority)) == Push::Interrupt {
                    let (start, text, _) = speaking.take().unwrap();
                    said.push((start, text, now, true));
                }
            }
            if speaking.is_none() {
                if let Some(item) = q.start_next() {
                    let duration = ms_per_char * item.text.chars().count() as u64;
                    speaking = Some((now, item.text.clone(), now + duration));
                }
            }
        }
        said
    }

    #[test]
    fn with_60_ms_a_character_a_move_during_help_is_said_at_once_and_help_goes_on_with_more() {
        let help = "Commands: a move like e4 or Nf3; press or Enter; time or c; last or l; moves; turn; repeat; \
                    offer; accept; decline; claim; resign; flag; pause; resume. Say help and a command to hear more.";
        let said =
            simulate(&[(0, help, Info), (2_000, "Black: Eva fünf.", Move), (2_500, "White: Eva vier.", Move)], 60);
        // The first piece of help is cut off at the instant the move arrives; the moves follow in
        // their order, each said whole; the rest of help waits for `more`.
        assert_eq!(said[0].0, 0);
        assert_eq!((said[0].2, said[0].3), (2_000, true));
        assert_eq!(said[1], (2_000, "Black: Eva fünf.".to_string(), 2_960, false));
        assert_eq!(said[2], (2_960, "White: Eva vier.".to_string(), 3_920, false));
        assert_eq!(said.len(), 3);
    }

    #[test]
    fn an_urgent_sentence_cuts_a_move_which_is_said_again_after_it() {
        let said = simulate(&[(0, "White: Eva vier.", Move), (500, "White's flag has fallen.", Urgent)], 60);
        assert_eq!(said[0], (0, "White: Eva vier.".to_string(), 500, true));
        assert_eq!(said[1], (500, "White's flag has fallen.".to_string(), 1_940, false));
        assert_eq!(said[2], (1_940, "White: Eva vier.".to_string(), 2_900, false));
    }

    #[test]
    fn a_newer_answer_cuts_the_older_one_being_said() {
        let said = simulate(&[(0, "White 5 minutes, Black 5 minutes.", Info), (300, "Black to move.", Info)], 60);
        assert_eq!(said[0], (0, "White 5 minutes, Black 5 minutes.".to_string(), 300, true));
        assert_eq!(said[1], (300, "Black to move.".to_string(), 1_140, false));
    }
}
