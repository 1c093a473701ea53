//! The speaker's own thread: it takes requests, asks the queue what to say next, and drives the
//! backends through their workers, giving up one that fails or hangs for the next, trying it again
//! after a rest, and letting a slow one start in the background.

use std::collections::VecDeque;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use super::queue::{Item, Push, Queue};
use super::worker::{self, Failure, Worker};
use super::{Backend, BackendName, Notice, Notices, Plan, Request};
use anna_core::message::Priority;

/// The speaker thread's state.
pub(super) struct Thread {
    chain: VecDeque<Backend>,
    current: Option<(Backend, Worker)>,
    /// Backends given up, and since when: tried again after `retry` when preferred.
    resting: Vec<(Backend, Instant)>,
    /// A preferred backend still starting (a slow native start-up) while the next one speaks: it
    /// takes over when it is up, or is given up at the deadline.
    starting: Option<(Backend, Worker, worker::Starting, Instant)>,
    /// Say which backend speaks when one takes over (`auto`).
    announce: bool,
    /// A backend given up and tried again, not yet heard to finish a sentence: said to speak only
    /// once it has, and given up again without a word if it fails the same way (a machine without
    /// a sound card must not hear of it every few seconds).
    trying: Option<BackendName>,
    /// The backend chosen at the start, said to speak once it has finished a sentence (not before:
    /// one that starts but cannot reach a sound card would be named and given up in one breath).
    unannounced: Option<BackendName>,
    retry: Duration,
    queue: Queue,
    /// When the current sentence was handed to the engine.
    started: Instant,
    /// Whether the engine has taken up the current sentence (see [`worker::BEGIN_WITHIN`]).
    begun: bool,
    timeout: Duration,
    start_timeout: Duration,
    poll: Duration,
    notices: Notices,
    /// Notices to give before anything else.
    early: Vec<Notice>,
    /// The transcript file written beside a voice (`--transcript` with another backend).
    tee: Option<super::transcript::Transcript>,
    /// Whether a sentence is being said, for the microphone to hear nothing of it.
    talking: std::sync::Arc<std::sync::atomic::AtomicBool>,
}

impl Thread {
    /// The thread's state for `plan`, its backends ranked in the plan's order.
    pub(super) fn new(plan: Plan, notices: Notices, talking: std::sync::Arc<std::sync::atomic::AtomicBool>) -> Thread {
        let ranked = plan.backends.into_iter().enumerate().map(|(rank, backend)| Backend { rank, ..backend });
        Thread {
            chain: ranked.collect(),
            current: None,
            resting: Vec::new(),
            retry: plan.retry,
            starting: None,
            announce: plan.announce,
            trying: None,
            unannounced: None,
            queue: Queue::new(),
            started: Instant::now(),
            begun: false,
            timeout: plan.timeout,
            start_timeout: plan.start_timeout,
            poll: plan.poll,
            notices,
            early: plan.early,
            tee: plan.tee.and_then(|path| match super::transcript::Transcript::open(&path) {
                Ok(file) => Some(file),
                Err(e) => {
                    eprintln!("anna: {e}");
                    None
                }
            }),
            talking,
        }
    }

    /// Gives the early notices, brings up the first backend that works, and serves requests until
    /// the speaker finishes.
    pub(super) fn serve(mut self, inbox: mpsc::Receiver<Request>) {
        for notice in std::mem::take(&mut self.early) {
            self.notify(&notice);
        }
        let announce = self.announce;
        self.next_backend(None, announce);
        self.run(inbox);
    }

    fn run(&mut self, inbox: mpsc::Receiver<Request>) {
        loop {
            // A slow backend may have come up; then start what is waiting (the first time: notices
            // from starting the backend).
            self.check_starting();
            self.advance();
            self.talking.store(self.queue.current().is_some(), std::sync::atomic::Ordering::Relaxed);
            // While a sentence is being said, or a backend starts, wake up now and then to look.
            let request = if self.queue.current().is_some() || self.starting.is_some() {
                inbox.recv_timeout(self.poll)
            } else {
                inbox.recv().map_err(|_| mpsc::RecvTimeoutError::Disconnected)
            };
            let mut next = Some(request);
            while let Some(request) = next.take() {
                match request {
                    Ok(Request::Say(item)) => self.push(item),
                    Ok(Request::More) => {
                        self.queue.more();
                    }
                    Ok(Request::Silence) => {
                        if self.queue.current().is_some() {
                            self.stop();
                        }
                        self.queue.clear();
                    }
                    Ok(Request::Repeat) => {
                        if self.queue.repeat() == Push::Interrupt {
                            self.stop();
                        }
                    }
                    Ok(Request::Finish(deadline, done)) => {
                        self.finish(deadline);
                        let _ = done.send(());
                        return;
                    }
                    Err(mpsc::RecvTimeoutError::Timeout) => {}
                    Err(mpsc::RecvTimeoutError::Disconnected) => {
                        self.finish(Instant::now());
                        return;
                    }
                }
                // Take in everything already sent, so that newer chatter replaces older at once.
                next = inbox.try_recv().ok().map(Ok);
            }
        }
    }

    fn push(&mut self, item: Item) {
        if self.queue.push(item) == Push::Interrupt {
            self.stop();
        }
    }

    fn stop(&mut self) {
        if let Some((_, worker)) = &self.current {
            if let Err(failure) = worker.stop() {
                self.abandon(failure);
            }
        }
    }

    /// Finishes the sentence being said if the engine is done, and starts the next.
    fn advance(&mut self) {
        loop {
            if self.queue.current().is_some() {
                let Some((_, worker)) = &self.current else {
                    self.queue.finished();
                    continue;
                };
                if !self.begun {
                    match worker.has_begun() {
                        Ok(true) => self.begun = true,
                        Ok(false) if self.started.elapsed() <= worker::BEGIN_WITHIN => {}
                        // It never read the sentence: the next backend says it.
                        Ok(false) | Err(_) => {
                            self.abandon(Failure::Hung);
                            self.speak_current();
                            continue;
                        }
                    }
                }
                match worker.is_speaking() {
                    Ok(false) => {
                        self.queue.finished();
                        // Named only if it is still the one speaking (another may have taken over).
                        let speaking = self.current.as_ref().map(|(backend, _)| backend.name.clone());
                        let pending = self.trying.take().or_else(|| self.unannounced.take());
                        if let Some(name) = pending.filter(|name| Some(name) == speaking.as_ref()) {
                            self.notify(&Notice::Using(name));
                        }
                    }
                    Ok(true) if self.started.elapsed() <= self.allowance() => return,
                    // Stuck or failed: the next backend says the sentence again.
                    Ok(true) => {
                        self.abandon(Failure::Hung);
                        self.speak_current();
                    }
                    Err(failure) => {
                        self.abandon(failure);
                        self.speak_current();
                    }
                }
                continue;
            }
            if self.queue.start_next().is_none() {
                return;
            }
            self.speak_current();
        }
    }

    /// How long a sentence may take before its engine is thought stuck: slow speech says about ten
    /// characters a second; this allows far more, since cutting off real speech is worse than waiting.
    fn allowance(&self) -> Duration {
        let chars = self.queue.current().map_or(0, |item| item.text.chars().count()) as u32;
        Duration::from_secs(5) + Duration::from_millis(250) * chars
    }

    /// Hands the current sentence to the engine, moving down the chain until one takes it; first, a
    /// preferred backend that has rested long enough is tried again.
    fn speak_current(&mut self) {
        self.retry_rested();
        loop {
            let (Some(item), Some((_, worker))) = (self.queue.current(), &self.current) else {
                return;
            };
            let words = item.words();
            match worker.speak(&words) {
                Ok(()) => {
                    self.started = Instant::now();
                    self.begun = false;
                    // The file backend writes it itself when it is the one speaking.
                    let file_speaks = matches!(self.current, Some((Backend { name: BackendName::File(_), .. }, _)));
                    if let (Some(tee), false) = (self.tee.as_mut(), file_speaks) {
                        let _ = worker::Synthesizer::speak(tee, &words);
                    }
                    return;
                }
                Err(failure) => self.abandon(failure),
            }
        }
    }

    /// Gives up the current backend for the next that starts, telling the user. The sentence it was
    /// saying stays current, for the caller to hand to the next backend. The backend given up rests,
    /// to be tried again later.
    fn abandon(&mut self, failure: Failure) {
        if let Some((backend, _worker)) = self.current.take() {
            // A hung worker thread is left blocked; dropping its handle is all we can do.
            let name = backend.name.clone();
            self.resting.push((backend, Instant::now()));
            // Tried again and failed again: it was never said to speak, so nothing is said now.
            let quiet = self.trying.take().is_some_and(|trying| trying == name);
            self.unannounced = None;
            self.next_backend((!quiet).then_some((name, failure)), false);
        }
    }

    /// A backend preferred to the current one that has rested [`RETRY_AFTER`] is tried again, with
    /// no more patience than for a call: it takes over if it comes up, and rests again if not.
    fn retry_rested(&mut self) {
        let current = self.current.as_ref().map_or(usize::MAX, |(backend, _)| backend.rank);
        let due = self.resting.iter().position(|(b, since)| b.rank < current && since.elapsed() >= self.retry);
        let Some(index) = due else { return };
        let (mut backend, _) = self.resting.remove(index);
        let Some(factory) = backend.factory() else { return };
        match Worker::start(factory, self.timeout, self.timeout) {
            Ok(worker) => {
                self.trying = Some(backend.name.clone());
                if let Some((previous, _)) = self.current.replace((backend, worker)) {
                    self.chain.push_front(previous);
                }
            }
            Err(_) => self.resting.push((backend, Instant::now())),
        }
    }

    /// Starts the first backend of the chain that comes up in time, telling the user of each one
    /// given up (`failed`, and any that fail to start) and, if `announce`, of the one chosen.
    fn next_backend(&mut self, mut failed: Option<(BackendName, Failure)>, announce: bool) {
        let mut told = false;
        loop {
            if let Some((backend, failure)) = failed.take() {
                let next = self.chain.front().map_or(BackendName::Off, |b| b.name.clone());
                self.notify(&given_up(backend, failure, next));
                told = true;
            }
            let Some(mut backend) = self.chain.pop_front() else {
                // Nothing can speak now: the written lines remain, and the backends rest.
                self.queue.clear();
                return;
            };
            let Some(factory) = backend.factory() else { continue };
            let launched = Worker::launch(factory, self.timeout);
            // Up within a call's patience: it speaks now. Slower (a native start-up): it goes on
            // starting while the next backend speaks, and takes over once it is up.
            let (worker, started) = match launched {
                Ok(launched) => launched,
                Err(failure) => {
                    failed = Some((backend.name.clone(), failure));
                    self.resting.push((backend, Instant::now()));
                    continue;
                }
            };
            match started.recv_timeout(self.timeout.min(self.start_timeout)) {
                Ok(Ok(())) => {
                    if announce && !told {
                        self.unannounced = Some(backend.name.clone());
                    }
                    self.current = Some((backend, worker));
                    return;
                }
                Ok(Err(reason)) => {
                    failed = Some((backend.name.clone(), Failure::from(reason)));
                    self.resting.push((backend, Instant::now()));
                }
                Err(_) if self.starting.is_none() && self.start_timeout > self.timeout => {
                    let deadline = Instant::now() + self.start_timeout.saturating_sub(self.timeout);
                    self.starting = Some((backend, worker, started, deadline));
                }
                Err(_) => {
                    failed = Some((backend.name.clone(), Failure::Hung));
                    self.resting.push((backend, Instant::now()));
                }
            }
        }
    }

    /// A backend still starting takes over once it is up (if preferred to the one speaking), or is
    /// given up, with a notice, when it fails or its deadline passes.
    fn check_starting(&mut self) {
        let Some((backend, worker, started, deadline)) = self.starting.take() else { return };
        let failure = match started.try_recv() {
            Ok(Ok(())) => {
                let better = self.current.as_ref().is_none_or(|(current, _)| backend.rank < current.rank);
                if better {
                    // The one that spoke meanwhile is not named now: this one is.
                    (self.unannounced, self.trying) = (None, None);
                    if self.announce {
                        self.notify(&Notice::Using(backend.name.clone()));
                    }
                    if let Some((previous, _)) = self.current.replace((backend, worker)) {
                        self.chain.push_front(previous);
                    }
                }
                return;
            }
            Ok(Err(reason)) => Failure::from(reason),
            Err(mpsc::TryRecvError::Disconnected) => Failure::Failed("the engine thread ended".into()),
            Err(mpsc::TryRecvError::Empty) if Instant::now() < deadline => {
                self.starting = Some((backend, worker, started, deadline));
                return;
            }
            Err(mpsc::TryRecvError::Empty) => Failure::Hung,
        };
        let next = self.current.as_ref().map_or(BackendName::Off, |(b, _)| b.name.clone());
        let name = backend.name.clone();
        self.resting.push((backend, Instant::now()));
        self.notify(&given_up(name, failure, next));
    }

    /// Tells the user; the words the sink returns are said first, ahead of the game's sentences.
    fn notify(&mut self, notice: &Notice) {
        if let Some(words) = (self.notices)(notice) {
            self.queue.push(Item::new(words, Priority::Urgent));
        }
    }

    fn finish(&mut self, deadline: Instant) {
        while !self.queue.is_idle() && Instant::now() < deadline && self.current.is_some() {
            self.advance();
            std::thread::sleep(self.poll);
        }
        if self.queue.current().is_some() {
            self.stop();
        }
        self.queue.clear();
        self.current = None;
    }
}

/// The notice that `backend` was given up for `next`. The reason of a failure is for whoever looks
/// after the machine (the log), never spoken.
fn given_up(backend: BackendName, failure: Failure, next: BackendName) -> Notice {
    match failure {
        Failure::Hung => Notice::Hung { backend, next },
        Failure::Failed(reason) => {
            crate::adapters::diverted::note(&format!("speech: {reason}"));
            Notice::Failed { backend, next }
        }
        Failure::NoAudio(reason) => {
            crate::adapters::diverted::note(&format!("speech: {reason}"));
            Notice::NoAudio { backend, next }
        }
    }
}
