//! The program hearing through the recogniser: push-to-talk and listening all the time in a game
//! (a pseudo-microphone), `anna listen` on recordings of any rate, and recorders that are missing,
//! stop at once or hear only a hiss.

use super::*;

/// `anna` with a pseudo-microphone that says "knight foxtrot three" each time it is opened, as
/// `arecord -f S16_LE -r 16000 -c 1 -t raw` would give it; `None` when the tools are missing.
fn anna_hearing(dir: &TempDir, args: &[&str]) -> Option<support::boards::Running> {
    if !tools() {
        return None;
    }
    let wav = dir.join("said.wav");
    synthesise("slt", "knight foxtrot three", Noise::Clean, &wav);
    let raw = dir.join("said.raw");
    let sox = Command::new("sox").arg(&wav).args(["-t", "raw", "-e", "signed", "-b", "16"]).arg(&raw).status();
    assert!(sox.unwrap().success());
    Some(anna_with_microphone(dir, &format!("cat {}", raw.display()), args))
}

/// `anna` in the line mode, silent, with `command` for its microphone (what `arecord` would be).
fn anna_with_microphone(dir: &TempDir, command: &str, args: &[&str]) -> support::boards::Running {
    let mut anna = support::anna(&dir.join("data"));
    anna.args(["--speech", "off", "--sounds", "off"]).args(args).env("ANNA_MIC_COMMAND", command);
    support::boards::Running::start(anna)
}

#[test]
fn push_to_talk_from_a_pseudo_microphone_to_the_move_read_back_and_made() {
    let dir = TempDir::new("microphone");
    let Some(mut anna) = anna_hearing(&dir, &[]) else { return };
    anna.wait_for("Anna is ready.");
    anna.type_line("listen");
    anna.wait_for("Listening.");
    anna.wait_for("Knight Felix drei? Say yes or press the clock.");
    anna.type_line("yes");
    anna.wait_for("White: Knight Felix drei.");
    anna.quit();
}

#[test]
fn the_microphone_hears_the_moves_of_the_position_as_the_game_goes_on() {
    let dir = TempDir::new("microphone-position");
    let Some(mut anna) = anna_hearing(&dir, &[]) else { return };
    anna.wait_for("Anna is ready.");
    anna.type_line("listen");
    anna.wait_for("Knight Felix drei? Say yes or press the clock.");
    anna.type_line("yes");
    anna.wait_for("White: Knight Felix drei.");
    anna.type_line("");
    // Black to move: no knight of his reaches f3, so the same words are not that move any more.
    anna.type_line("listen");
    anna.wait_for("Listening.");
    let said = anna.wait_for(".");
    assert!(
        said == "I did not hear that clearly; say it again." || said.ends_with("? Say yes or press the clock."),
        "{said}"
    );
    assert!(!said.contains("Felix drei"), "{said}");
    anna.quit();
}

#[test]
fn listening_all_the_time_hears_without_being_asked() {
    let dir = TempDir::new("microphone-always");
    let Some(mut anna) = anna_hearing(&dir, &["--listen", "always"]) else { return };
    // Nothing typed: the microphone is open from the start.
    anna.wait_for("Knight Felix drei? Say yes or press the clock.");
    anna.type_line("");
    anna.wait_for("White: Knight Felix drei.");
    anna.quit();
}

/// `anna listen FILE [--fen FEN]` run with its data in `dir`: its exit code, stdout and stderr.
fn anna_listen(dir: &TempDir, file: &Path, fen: Option<&str>) -> (Option<i32>, String, String) {
    let mut anna = support::anna(&dir.join("data"));
    anna.arg("listen").arg(file);
    if let Some(fen) = fen {
        anna.args(["--fen", fen]);
    }
    let out = anna.output().unwrap();
    let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
    (out.status.code(), text(&out.stdout), text(&out.stderr))
}

#[test]
fn anna_listen_prints_what_was_heard_and_what_parse_prints_and_warns_of_letters_that_sound_alike() {
    if !tools() {
        return;
    }
    let dir = TempDir::new("listen-cli");
    let run = |words: &str| {
        let wav = dir.join(&format!("{}.wav", words.replace(' ', "-")));
        synthesise("slt", words, Noise::Clean, &wav);
        anna_listen(&dir, &wav, None)
    };
    assert_eq!(run("echo four"), (Some(0), "heard: echo four\ne2e4\n".to_string(), String::new()));
    // Whatever letter the recogniser takes `e` for, the other pawn moves of the rhymes are named.
    let (code, out, err) = run("e four");
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.starts_with("heard: "), "{out}");
    assert!(err.starts_with("Those letters sound alike: it may have been "), "{err}");
    assert!(err.trim_end().ends_with("too, and in a game Anna would ask which."), "{err}");
}

#[test]
fn a_recorder_that_is_not_there_is_said_at_once_and_listening_is_never_announced() {
    let dir = TempDir::new("microphone-missing");
    let mut anna = anna_with_microphone(&dir, "/nonexistent/recorder -q", &[]);
    anna.wait_for("Anna is ready.");
    anna.type_line("listen");
    let said = anna.wait_for("Listening");
    assert_eq!(said, "Listening failed: /nonexistent/recorder is not found.");
    anna.quit();
}

/// Issue 23: a recorder that stops at once says why (arecord's words on a machine without a sound
/// card), never only that it stopped.
#[test]
fn a_recorder_that_stops_at_once_says_why() {
    use std::os::unix::fs::PermissionsExt;
    let dir = TempDir::new("microphone-no-card");
    let recorder = dir.join("recorder");
    std::fs::write(
        &recorder,
        "#!/bin/sh\necho \"ALSA lib confmisc.c:855:(parse_card) cannot find card '0'\" >&2\n\
         echo 'arecord: main:831: audio open error: No such file or directory' >&2\nexit 1\n",
    )
    .unwrap();
    std::fs::set_permissions(&recorder, std::fs::Permissions::from_mode(0o755)).unwrap();
    let mut anna = anna_with_microphone(&dir, recorder.to_str().unwrap(), &[]);
    anna.wait_for("Anna is ready.");
    anna.type_line("listen");
    let said = anna.wait_for("Listening failed");
    assert_eq!(
        said,
        format!(
            "Listening failed: {} finds no microphone or sound card (ALSA lib confmisc.c:855:(parse_card) cannot \
             find card '0').",
            recorder.display()
        )
    );
    anna.quit();
}

#[test]
fn a_microphone_that_hears_only_a_faint_hiss_hears_nothing() {
    if !tools() {
        return;
    }
    let dir = TempDir::new("microphone-hiss");
    // Seven seconds of a quiet room, as arecord would give them.
    let quiet_room = "sox -q -R -n -t raw -r 16000 -e signed -b 16 -c 1 - synth 7 whitenoise vol 0.003";
    let mut anna = anna_with_microphone(&dir, quiet_room, &[]);
    anna.wait_for("Anna is ready.");
    anna.type_line("listen");
    anna.wait_for("Listening.");
    assert_eq!(anna.wait_for("."), "I heard nothing.");
    anna.quit();
}

/// A recording as a phone or another speech engine writes it (44.1 kHz stereo 24-bit, 22.05 kHz
/// floating point, 8-bit) is heard as the same words at 16 kHz mono 16-bit are.
#[test]
fn anna_listen_hears_a_recording_of_any_rate_and_channels_as_at_16_khz() {
    if !tools() {
        return;
    }
    let dir = TempDir::new("listen-rates");
    let said = dir.join("said.wav");
    synthesise("slt", "knight felix three", Noise::Clean, &said);
    let heard = |file: &Path| anna_listen(&dir, file, None);
    let expected = (Some(0), "heard: knight felix three\ng1f3\n".to_string(), String::new());
    assert_eq!(heard(&said), expected);
    for (name, format) in [
        ("phone", &["-r", "44100", "-c", "2", "-b", "24"][..]),
        ("float", &["-r", "22050", "-e", "floating-point", "-b", "32"]),
        ("eight-bit", &["-b", "8"]),
    ] {
        let other = dir.join(&format!("{name}.wav"));
        let status = Command::new("sox").arg(&said).args(format).arg(&other).status().unwrap();
        assert!(status.success(), "sox {format:?}");
        assert_eq!(heard(&other), expected, "{name}");
    }
}

/// `castles` alone is heard, and answered as typed: the castling that is legal, or which side when
/// both are (FIDE 3.8.2).
#[test]
fn castles_alone_is_heard_as_the_castling_that_is_legal_or_asked_which() {
    if !tools() {
        return;
    }
    let dir = TempDir::new("listen-castles");
    let one = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    let both = "r3k2r/pppq1ppp/2npbn2/4p3/2B1P3/2NP1N2/PPPQ1PPP/R3K2R w KQkq - 0 1";
    for voice in ["slt", "awb"] {
        let said = dir.join(&format!("{voice}.wav"));
        synthesise(voice, "castles", Noise::Clean, &said);
        let heard = |fen| anna_listen(&dir, &said, Some(fen));
        assert_eq!(heard(one), (Some(0), "heard: castles\ne1g1\n".into(), String::new()), "{voice}");
        let asked =
            (Some(2), "heard: castles\ne1g1\ne1c1\n".into(), "Castle which way: kingside or queenside?\n".into());
        assert_eq!(heard(both), asked, "{voice}");
    }
}

/// Issue 27: `anna listen` reads its file before it loads the model, and writes nothing on stdout
/// when it has no result.
#[test]
fn anna_listen_says_a_bad_file_at_once_and_stdout_holds_only_results() {
    let dir = TempDir::new("listen-file");
    let run = |file: &Path| anna_listen(&dir, file, None);
    let (code, out, err) = run(&dir.join("missing.wav"));
    assert_eq!((code, out.as_str()), (Some(3), ""), "{err}");
    assert_eq!(err, format!("anna: There is no file {}.\n", dir.join("missing.wav").display()));
    let (code, out, err) = run(&dir);
    assert_eq!((code, out.as_str()), (Some(3), ""), "{err}");
    assert_eq!(err, format!("anna: {} is not a WAV file Anna can hear: it is a folder.\n", dir.display()));
    let narrow = dir.join("narrow.wav");
    let spec =
        hound::WavSpec { channels: 1, sample_rate: 8000, bits_per_sample: 16, sample_format: hound::SampleFormat::Int };
    let mut writer = hound::WavWriter::create(&narrow, spec).unwrap();
    for _ in 0..800 {
        writer.write_sample(0i16).unwrap();
    }
    writer.finalize().unwrap();
    let (code, out, err) = run(&narrow);
    assert_eq!((code, out.as_str()), (Some(3), ""));
    assert!(err.ends_with("Anna can hear: its 8000 Hz is under the 16 kHz the recogniser hears.\n"), "{err}");
    if !tools() {
        return;
    }
    // Two seconds of a quiet room: nothing heard, nothing on stdout.
    let quiet = dir.join("quiet.wav");
    let status = Command::new("sox")
        .args(["-q", "-R", "-n", "-r", "16000", "-b", "16", "-c", "1"])
        .arg(&quiet)
        .args(["synth", "2", "whitenoise", "vol", "0.003"])
        .status()
        .unwrap();
    assert!(status.success());
    let (code, out, err) = run(&quiet);
    assert_eq!((code, out.as_str()), (Some(1), ""), "{err}");
    assert_eq!(err, "Nothing was heard.\n");
}
