//! Earcons: the short sounds of [`Sound`], played on their own thread so the game never waits.
//!
//! The sounds are synthesised ([`synth`]) into the WAV files of `sounds/`; at run time they are
//! rendered again (a test keeps both the same), written once to a private temporary folder and
//! played with the first player command found on the `PATH`: `pw-play` (PipeWire), `paplay`
//! (PulseAudio) or `aplay` (ALSA). A player that fails, or hangs, is dropped for the next one. With
//! none left, the terminal bell rings for the sounds that matter most ([`Sound::urgent`]); the others
//! are left out. No audio library is linked, so nothing needs to be installed to build Anna.

pub mod synth;

use std::ffi::OsString;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc::{self, Sender};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use anna_core::message::Sound;

/// The player commands tried, in order, with the arguments that go before the file.
pub const PLAYERS: &[(&str, &[&str])] = &[("pw-play", &[]), ("paplay", &[]), ("aplay", &["-q"])];

/// A sound waiting longer than this (players stuck, or a burst of effects) is no longer news.
const STALE: Duration = Duration::from_millis(1500);

/// One player command: the program and the arguments before the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerCommand {
    pub program: PathBuf,
    pub args: Vec<String>,
}

impl PlayerCommand {
    /// The player commands of [`PLAYERS`] present on this `PATH`, in order.
    pub fn detect(path: Option<&OsString>) -> Vec<PlayerCommand> {
        PLAYERS
            .iter()
            .filter_map(|(name, args)| {
                let program = path.and_then(|paths| super::program(name, Some(paths.as_os_str())))?;
                Some(PlayerCommand { program, args: args.iter().map(|a| a.to_string()).collect() })
            })
            .collect()
    }
}

/// What rings the terminal bell (a closure, so tests can listen).
pub type Bell = Box<dyn FnMut(Sound) + Send>;

/// Plays one sound at a time, synchronously: the part of the player thread that tests can drive.
pub struct Playback {
    players: Vec<PlayerCommand>,
    folder: PathBuf,
    written: bool,
    /// How long a player may take before it counts as hung.
    pub timeout: Duration,
    bell: Bell,
}

impl Playback {
    /// Plays with `players` (tried in order), writing the sound files into `folder` (created when
    /// first needed, removed when the playback ends), ringing `bell` when no player is left.
    pub fn new(players: Vec<PlayerCommand>, folder: PathBuf, bell: Bell) -> Playback {
        Playback { players, folder, written: false, timeout: Duration::from_secs(2), bell }
    }

    /// The players on this machine, a folder of this process in the temporary directory and the
    /// terminal bell: on the terminal itself (standard error goes to a log while the board view is
    /// up), else on standard error.
    pub fn detect() -> Playback {
        let folder = std::env::temp_dir().join(format!("anna-sounds-{}", std::process::id()));
        let bell = |_| {
            let tty = std::fs::OpenOptions::new().write(true).open("/dev/tty");
            if tty.and_then(|mut tty| tty.write_all(b"\x07")).is_err() {
                let mut err = io::stderr().lock();
                let _ = err.write_all(b"\x07");
                let _ = err.flush();
            }
        };
        Playback::new(PlayerCommand::detect(std::env::var_os("PATH").as_ref()), folder, Box::new(bell))
    }

    /// The player commands still in use.
    pub fn players(&self) -> &[PlayerCommand] {
        &self.players
    }

    /// Plays `sound` to its end with the first player that works, dropping those that fail; rings
    /// the bell for an urgent sound when none is left.
    pub fn play(&mut self, sound: Sound) {
        if !self.players.is_empty() {
            // Without a file to play, the bell rings but the players stay for later.
            if let Ok(file) = self.file(sound) {
                while let Some(player) = self.players.first() {
                    if run(player, &file, self.timeout).is_ok() {
                        return;
                    }
                    self.players.remove(0);
                }
            }
        }
        if sound.urgent() {
            (self.bell)(sound);
        }
    }

    /// The path of the file of `sound`, writing every sound file the first time.
    fn file(&mut self, sound: Sound) -> io::Result<PathBuf> {
        if !self.written {
            std::fs::create_dir_all(&self.folder)?;
            for s in Sound::ALL {
                std::fs::write(self.folder.join(format!("{}.wav", s.name())), synth::wav(*s))?;
            }
            self.written = true;
        }
        Ok(self.folder.join(format!("{}.wav", sound.name())))
    }
}

impl Drop for Playback {
    fn drop(&mut self) {
        if self.written {
            let _ = std::fs::remove_dir_all(&self.folder);
        }
    }
}

/// Runs `player` on `file` until it ends; an error if it cannot start, fails or outlasts `timeout`.
fn run(player: &PlayerCommand, file: &Path, timeout: Duration) -> io::Result<()> {
    let mut child = Command::new(&player.program)
        .args(&player.args)
        .arg(file)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()?;
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait()? {
            return if status.success() { Ok(()) } else { Err(io::Error::other(format!("the player {status}"))) };
        }
        if started.elapsed() > timeout {
            let _ = child.kill();
            let _ = child.wait();
            return Err(io::ErrorKind::TimedOut.into());
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// The sound player: a thread that plays the sounds sent to it, one after another, so that the
/// game never waits on a sound. Dropping it lets the last sound finish and cleans up.
pub struct SoundPlayer {
    sender: Option<Sender<(Sound, Instant)>>,
    thread: Option<JoinHandle<()>>,
}

impl SoundPlayer {
    /// A player that plays nothing (`--sounds off`).
    pub fn off() -> SoundPlayer {
        SoundPlayer { sender: None, thread: None }
    }

    /// A player thread playing through `playback`.
    pub fn start(mut playback: Playback) -> SoundPlayer {
        let (sender, receiver) = mpsc::channel::<(Sound, Instant)>();
        let thread = std::thread::Builder::new()
            .name("sound".into())
            .spawn(move || {
                for (sound, sent) in receiver {
                    if sent.elapsed() < STALE {
                        playback.play(sound);
                    }
                }
            })
            .ok();
        match thread {
            Some(thread) => SoundPlayer { sender: Some(sender), thread: Some(thread) },
            None => SoundPlayer::off(),
        }
    }

    /// The player for this machine when `on`, else one that plays nothing.
    pub fn new(on: bool) -> SoundPlayer {
        if on {
            SoundPlayer::start(Playback::detect())
        } else {
            SoundPlayer::off()
        }
    }

    /// Whether it plays sounds (it is off when asked to be, or when its thread could not start).
    pub fn is_on(&self) -> bool {
        self.sender.is_some()
    }

    /// Queues `sound`; never blocks.
    pub fn play(&self, sound: Sound) {
        if let Some(sender) = &self.sender {
            let _ = sender.send((sound, Instant::now()));
        }
    }
}

impl Drop for SoundPlayer {
    fn drop(&mut self) {
        self.sender = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};

    /// A folder of its own for each test.
    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("anna-sound-test-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// An executable shell script `name` in `dir`.
    fn executable(dir: &Path, name: &str, body: &str) -> PathBuf {
        use std::os::unix::fs::PermissionsExt;
        let program = dir.join(name);
        std::fs::write(&program, format!("#!/bin/sh\n{body}\n")).unwrap();
        std::fs::set_permissions(&program, std::fs::Permissions::from_mode(0o755)).unwrap();
        program
    }

    /// A player running the shell script `name`, which sees `-q FILE` as its arguments. The script
    /// is run by `/bin/sh` rather than executed: a file just written may not be executed while a
    /// process forked by another test still holds it open (ETXTBSY), which made this test flaky.
    fn script(dir: &Path, name: &str, body: &str) -> PlayerCommand {
        let file = executable(dir, name, body);
        PlayerCommand { program: "/bin/sh".into(), args: vec![file.display().to_string(), "-q".into()] }
    }

    fn bells() -> (Arc<Mutex<Vec<Sound>>>, Bell) {
        let rung = Arc::new(Mutex::new(Vec::new()));
        let log = Arc::clone(&rung);
        (rung, Box::new(move |s| log.lock().unwrap().push(s)))
    }

    #[test]
    fn finds_players_on_the_path_in_order() {
        let dir = scratch("path");
        let (a, b) = (dir.join("a"), dir.join("b"));
        std::fs::create_dir_all(&a).unwrap();
        std::fs::create_dir_all(&b).unwrap();
        executable(&a, "aplay", "exit 0");
        executable(&b, "pw-play", "exit 0");
        // Not executable: not a player.
        std::fs::write(a.join("paplay"), "").unwrap();
        let path = std::env::join_paths([&a, &b]).unwrap();
        let found = PlayerCommand::detect(Some(&path));
        assert_eq!(
            found,
            vec![
                PlayerCommand { program: b.join("pw-play"), args: vec![] },
                PlayerCommand { program: a.join("aplay"), args: vec!["-q".into()] },
            ]
        );
        assert_eq!(PlayerCommand::detect(None), vec![]);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_failing_or_hanging_player_is_dropped_for_the_next() {
        let dir = scratch("fallback");
        let log = dir.join("log");
        let failing = script(&dir, "failing", "exit 1");
        let hanging = script(&dir, "hanging", "exec sleep 30");
        let good = script(&dir, "good", &format!("echo \"$1 $2\" >> '{}'", log.display()));
        let (rung, bell) = bells();
        let mut playback = Playback::new(vec![failing, hanging, good.clone()], dir.join("files"), bell);
        // Long enough that a loaded machine still runs the good player in time; the hanging one
        // costs it once.
        playback.timeout = Duration::from_secs(1);
        playback.play(Sound::Check);
        playback.play(Sound::Move);
        assert_eq!(playback.players(), &[good]);
        let played = std::fs::read_to_string(&log).unwrap();
        let files = dir.join("files");
        assert_eq!(
            played,
            format!("-q {}\n-q {}\n", files.join("check.wav").display(), files.join("move.wav").display())
        );
        // The file played is the earcon itself.
        assert_eq!(std::fs::read(files.join("check.wav")).unwrap(), synth::wav(Sound::Check));
        assert!(rung.lock().unwrap().is_empty());
        drop(playback);
        assert!(!files.exists(), "the sound files are removed at the end");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn without_players_only_urgent_sounds_ring_the_bell() {
        let dir = scratch("bell");
        let failing = script(&dir, "failing", "exit 3");
        let (rung, bell) = bells();
        let mut playback = Playback::new(vec![failing], dir.join("files"), bell);
        for sound in [Sound::Move, Sound::Illegal, Sound::Capture, Sound::GameEnd, Sound::Edge, Sound::LowTime] {
            playback.play(sound);
        }
        assert!(playback.players().is_empty());
        assert_eq!(*rung.lock().unwrap(), vec![Sound::Illegal, Sound::GameEnd, Sound::LowTime]);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_thread_plays_in_order_and_never_blocks() {
        let dir = scratch("thread");
        let log = dir.join("log");
        let slow = script(&dir, "slow", &format!("sleep 0.5; echo \"$2\" >> '{}'", log.display()));
        let (_, bell) = bells();
        let player = SoundPlayer::start(Playback::new(vec![slow], dir.join("files"), bell));
        let began = Instant::now();
        player.play(Sound::Check);
        player.play(Sound::GameEnd);
        // Waiting for the first sound would take 500 ms; the margin is for a loaded machine.
        assert!(began.elapsed() < Duration::from_millis(400), "queueing a sound does not wait for it");
        drop(player);
        let played = std::fs::read_to_string(&log).unwrap();
        let names: Vec<&str> = played.lines().map(|l| Path::new(l).file_stem().unwrap().to_str().unwrap()).collect();
        assert_eq!(names, ["check", "game_end"]);
        SoundPlayer::off().play(Sound::Move);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
