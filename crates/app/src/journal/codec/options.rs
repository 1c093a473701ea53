//! The app's options as a journal record: `app KEY=VALUE... engine=PATH` (the opponent, the
//! interface's settings, the speech set during the game).

use super::{bad, flag, on_off, CodecError, Res};
use crate::speech::UnknownChoice;
use crate::{Enter, OnlineGame, Options, OtherSide};
use anna_core::bad_value::BadValue;

/// `app computer=3 confirm=on enter=press sounds=on assistant=off engine=PATH`; the engine comes
/// last, since a path may hold spaces. `computer=off` for a game between people, `computer=server`
/// for one played on a server.
pub(super) fn app_text(options: &Options) -> String {
    let computer = match options.opponent {
        OtherSide::Computer => options.level.to_string(),
        OtherSide::Server => "server".to_string(),
        OtherSide::Person => "off".to_string(),
    };
    let enter = match options.enter {
        Enter::Press => "press",
        Enter::Nothing => "nothing",
    };
    // The speech set during the game, only when it was (older journals have none).
    let mut speech = String::new();
    if let Some(choice) = options.speech {
        speech.push_str(&format!(" speech={choice}"));
    }
    if let Some(rate) = options.rate {
        speech.push_str(&format!(" rate={rate}"));
    }
    if let Some(volume) = options.volume {
        speech.push_str(&format!(" volume={volume}"));
    }
    // Ids, account names and addresses hold no spaces.
    if let Some(online) = &options.online {
        speech.push_str(&format!(" game={} player={} server={}", online.game, online.user, online.server));
    }
    format!(
        "app computer={computer} confirm={} enter={enter} sounds={} assistant={}{speech} engine={}",
        on_off(options.confirm),
        on_off(options.sounds),
        on_off(options.assistant),
        options.engine
    )
}

/// Reads [`app_text`]; a key it does not know is left alone (a newer Anna's), one it lacks keeps
/// the default.
pub(super) fn read_app(text: &str) -> Res<Options> {
    let mut options = Options::default();
    let (head, engine) = text.split_once("engine=").unwrap_or((text, ""));
    if !engine.is_empty() {
        options.engine = engine.parse().map_err(|e: BadValue| CodecError(e.to_string()))?;
    }
    for pair in head.split_whitespace() {
        let Some((key, value)) = pair.split_once('=') else { return bad(format!("'{pair}' is not KEY=VALUE")) };
        match key {
            "computer" if value == "off" => options.opponent = OtherSide::Person,
            "computer" if value == "server" => options.opponent = OtherSide::Server,
            "computer" => {
                options.opponent = OtherSide::Computer;
                options.level = value.parse().map_err(|e: BadValue| CodecError(e.to_string()))?;
            }
            "confirm" => options.confirm = flag(value)?,
            "sounds" => options.sounds = flag(value)?,
            "assistant" => options.assistant = flag(value)?,
            "speech" => options.speech = Some(value.parse().map_err(|e: UnknownChoice| CodecError(e.to_string()))?),
            "rate" => options.rate = Some(number_in(value, -100..=100)?),
            "volume" => options.volume = Some(number_in(value, 0..=100)?),
            "game" => online(&mut options).game = value.to_string(),
            "player" => online(&mut options).user = value.to_string(),
            "server" => online(&mut options).server = value.to_string(),
            "enter" => {
                options.enter = match value {
                    "press" => Enter::Press,
                    "nothing" => Enter::Nothing,
                    _ => return bad(format!("'{value}' is not what Enter does")),
                }
            }
            _ => {}
        }
    }
    Ok(options)
}

fn online(options: &mut Options) -> &mut OnlineGame {
    options.online.get_or_insert_with(|| OnlineGame { game: String::new(), user: String::new(), server: String::new() })
}

/// A whole number within `range`.
fn number_in(text: &str, range: std::ops::RangeInclusive<i32>) -> Res<i32> {
    match text.parse::<i32>() {
        Ok(n) if range.contains(&n) => Ok(n),
        _ => bad(format!("'{text}' is not a number from {} to {}", range.start(), range.end())),
    }
}
