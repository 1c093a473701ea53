//! Speech through a synthesiser program on the PATH: `espeak-ng`, `espeak` or `spd-say`, one process
//! per sentence. It needs one Debian package and no build feature, so it works on a fresh Linux.
//! Stopping kills the process (and for `spd-say` cancels speech-dispatcher's queue too).

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};

use super::settings::Params;
use super::worker::{SpeechError, Synthesizer};

/// The programs tried, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Program {
    EspeakNg,
    Espeak,
    SpdSay,
}

impl Program {
    pub const ALL: [Program; 3] = [Program::EspeakNg, Program::Espeak, Program::SpdSay];

    pub const fn command(self) -> &'static str {
        match self {
            Program::EspeakNg => "espeak-ng",
            Program::Espeak => "espeak",
            Program::SpdSay => "spd-say",
        }
    }

    /// The first of the programs found on the PATH, with its full path.
    pub fn find() -> Option<(Program, PathBuf)> {
        Program::ALL.into_iter().find_map(|p| on_path(p.command()).map(|path| (p, path)))
    }

    /// The flags for rate, volume, pitch and voice.
    pub fn flags(self, params: &Params) -> Vec<String> {
        let voice = params.voice.clone().unwrap_or_else(|| params.language.clone());
        match self {
            // espeak: -s words a minute (80..450, 175 normal), -a amplitude (0..200, 100 normal),
            // -p pitch (0..99, 50 normal).
            Program::EspeakNg | Program::Espeak => vec![
                "-s".into(),
                (Params::scale(params.rate, 80.0, 175.0, 450.0).round() as i32).to_string(),
                "-a".into(),
                params.volume.clamp(0, 100).to_string(),
                "-p".into(),
                (Params::scale(params.pitch, 0.0, 50.0, 99.0).round() as i32).to_string(),
                "-v".into(),
                voice,
            ],
            // spd-say takes -100..100 for all three; a language code selects by language (-l),
            // anything else is a synthesis voice name (-y); -w keeps the process alive while speaking.
            Program::SpdSay => {
                let by = if looks_like_language(&voice) { "-l" } else { "-y" };
                vec![
                    "-w".into(),
                    "-r".into(),
                    params.rate.to_string(),
                    "-i".into(),
                    (params.volume.clamp(0, 100) * 2 - 100).to_string(),
                    "-p".into(),
                    params.pitch.to_string(),
                    by.into(),
                    voice,
                ]
            }
        }
    }
}

/// `de`, `en-gb`, `pt-BR`: two or three letters and an optional region.
fn looks_like_language(voice: &str) -> bool {
    let mut parts = voice.split(['-', '_']);
    let first = parts.next().unwrap_or("");
    (2..=3).contains(&first.len()) && first.chars().all(|c| c.is_ascii_alphabetic()) && parts.all(|p| p.len() <= 8)
}

/// The full path of a command found on the PATH.
pub fn on_path(command: &str) -> Option<PathBuf> {
    crate::adapters::program(command, None)
}

/// A synthesiser program, and the process saying the current sentence.
pub struct Espeak {
    program: Program,
    path: PathBuf,
    flags: Vec<String>,
    child: Option<Child>,
    /// The reading end of the pipe the sentence went down, kept to see whether the program has
    /// read it: a program that never reads its sentence has hung, whatever its process says.
    #[cfg(unix)]
    unread: Option<std::io::PipeReader>,
}

impl Espeak {
    pub fn new(program: Program, path: PathBuf, params: &Params) -> Espeak {
        Espeak {
            program,
            path,
            flags: program.flags(params),
            child: None,
            #[cfg(unix)]
            unread: None,
        }
    }

    pub fn program(&self) -> Program {
        self.program
    }

    fn kill(&mut self) {
        #[cfg(unix)]
        {
            self.unread = None;
        }
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

impl Synthesizer for Espeak {
    fn speak(&mut self, text: &str) -> Result<(), SpeechError> {
        self.kill();
        let mut command = Command::new(&self.path);
        command.args(&self.flags).stdout(Stdio::null()).stderr(Stdio::piped());
        // espeak reads the sentence on its standard input: no length limit of an argument list,
        // and a sentence starting with a dash is never read as a flag. spd-say takes it after `--`.
        let program = self.program.command();
        let failed = |e: std::io::Error| SpeechError::io(program)(e);
        let mut input = None;
        if self.program == Program::SpdSay {
            command.arg("--").arg(text).stdin(Stdio::null());
        } else {
            let (reader, writer) = std::io::pipe().map_err(failed)?;
            #[cfg(unix)]
            {
                self.unread = Some(reader.try_clone().map_err(failed)?);
            }
            command.arg("--stdin").stdin(reader);
            input = Some(writer);
        }
        let mut child = command.spawn().map_err(failed)?;
        // The spawned program holds its own copy of the reading end now; `command` holds ours.
        drop(command);
        if let Some(mut stdin) = input {
            // Sentences are at most a few thousand bytes (the runtime cuts longer ones), well within
            // a pipe's buffer: this write never waits for espeak to read. Closing ends its input.
            let written = stdin.write_all(text.as_bytes());
            drop(stdin);
            if let Err(e) = written {
                let _ = child.kill();
                let _ = child.wait();
                return Err(failed(e));
            }
        }
        self.child = Some(child);
        Ok(())
    }

    fn stop(&mut self) -> Result<(), SpeechError> {
        self.kill();
        if self.program == Program::SpdSay {
            // Killing spd-say leaves the sentence in speech-dispatcher's queue: cancel it there.
            let status = Command::new(&self.path)
                .arg("-C")
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .map_err(SpeechError::io("spd-say -C"))?;
            if !status.success() {
                return Err(SpeechError::Reported(format!("spd-say -C: {status}")));
            }
        }
        Ok(())
    }

    /// The sentence ends when the process does. espeak-ng exits 0 even when it has no audio device,
    /// but then writes an error: that counts as a failure, so `auto` moves on to a working backend.
    fn is_speaking(&mut self) -> Result<bool, SpeechError> {
        let Some(child) = self.child.as_mut() else { return Ok(false) };
        let Some(status) = child.try_wait().map_err(SpeechError::io(self.program.command()))? else { return Ok(true) };
        let mut errors = String::new();
        if let Some(mut stderr) = child.stderr.take() {
            let _ = stderr.read_to_string(&mut errors);
        }
        self.child = None;
        if let Some(line) = crate::adapters::no_audio_device(&errors) {
            return Err(SpeechError::NoAudio(format!("{}: {line}", self.program.command())));
        }
        let error = errors.lines().rev().find(|l| l.to_ascii_lowercase().contains("error")).map(str::trim);
        match (status.success(), error) {
            (true, None) => Ok(false),
            (_, Some(line)) => Err(SpeechError::Reported(format!("{}: {line}", self.program.command()))),
            (false, None) => Err(SpeechError::Reported(format!("{}: {status}", self.program.command()))),
        }
    }

    /// Taken up once the program has read its standard input (espeak reads it all before it speaks).
    #[cfg(unix)]
    fn has_begun(&mut self) -> bool {
        match &self.unread {
            Some(pipe) => rustix::io::ioctl_fionread(pipe).map_or(true, |left| left == 0),
            None => true,
        }
    }

    fn voices(&mut self) -> Result<Vec<String>, SpeechError> {
        let flag = if self.program == Program::SpdSay { "-L" } else { "--voices" };
        let out = Command::new(&self.path)
            .arg(flag)
            .stderr(Stdio::null())
            .output()
            .map_err(SpeechError::io(self.program.command()))?;
        if !out.status.success() {
            return Err(SpeechError::Reported(format!("{} {flag}: {}", self.program.command(), out.status)));
        }
        Ok(parse_voices(self.program, &String::from_utf8_lossy(&out.stdout)))
    }
}

impl Drop for Espeak {
    fn drop(&mut self) {
        self.kill();
    }
}

/// The voice list as `VOICE<TAB>DESCRIPTION` lines, VOICE being what `--voice` takes.
fn parse_voices(program: Program, text: &str) -> Vec<String> {
    text.lines()
        .skip(1)
        .filter_map(|line| {
            let columns: Vec<&str> = line.split_whitespace().collect();
            match program {
                // ` 5  de              --/M      German             gmw/de`
                Program::EspeakNg | Program::Espeak => Some(format!("{}\t{}", columns.get(1)?, columns.get(3)?)),
                // `Afrikaans+Adam   af   Adam`
                Program::SpdSay => Some(format!("{}\t{}", columns.first()?, columns.get(1)?)),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(rate: i32, volume: i32, pitch: i32, voice: Option<&str>) -> Params {
        Params { rate, volume, pitch, voice: voice.map(str::to_string), language: "de".into() }
    }

    #[test]
    fn no_sound_card_is_told_apart_from_other_errors() {
        // espeak-ng's standard error on a machine without a sound card (recorded on Debian 13).
        let alsa = "ALSA lib confmisc.c:855:(parse_card) cannot find card '0'\n\
                    ALSA lib conf.c:5180:(_snd_config_evaluate) function snd_func_card_inum returned error: No such file or directory\n\
                    ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM default\n\
                    error: No such file or directory\n";
        assert_eq!(
            crate::adapters::no_audio_device(alsa),
            Some("ALSA lib confmisc.c:855:(parse_card) cannot find card '0'")
        );
        assert_eq!(crate::adapters::no_audio_device("error: voice 'xx' not found\n"), None);
    }

    #[test]
    fn espeak_flags_map_the_settings() {
        assert_eq!(
            Program::EspeakNg.flags(&params(0, 100, 0, None)),
            ["-s", "175", "-a", "100", "-p", "50", "-v", "de"]
        );
        assert_eq!(
            Program::EspeakNg.flags(&params(100, 40, -100, Some("en-gb"))),
            ["-s", "450", "-a", "40", "-p", "0", "-v", "en-gb"]
        );
        assert_eq!(Program::Espeak.flags(&params(-100, 0, 100, None))[..6], ["-s", "80", "-a", "0", "-p", "99"]);
    }

    #[test]
    fn spd_say_flags_choose_language_or_voice_name() {
        assert_eq!(
            Program::SpdSay.flags(&params(10, 50, -5, None)),
            ["-w", "-r", "10", "-i", "0", "-p", "-5", "-l", "de"]
        );
        assert_eq!(Program::SpdSay.flags(&params(0, 100, 0, Some("Afrikaans+Adam")))[7..], ["-y", "Afrikaans+Adam"]);
        assert!(looks_like_language("pt-BR") && !looks_like_language("German"));
    }

    #[test]
    fn voice_lists_are_read_column_by_column() {
        let espeak = "Pty Language       Age/Gender VoiceName          File                 Other Languages\n \
                      5  af              --/M      Afrikaans          gmw/af\n 5  de              --/M      German             gmw/de\n";
        assert_eq!(parse_voices(Program::EspeakNg, espeak), ["af\tAfrikaans", "de\tGerman"]);
        let spd = "     NAME     LANGUAGE    VARIANT\n   Afrikaans   af   none\n";
        assert_eq!(parse_voices(Program::SpdSay, spd), ["Afrikaans\taf"]);
    }
}
