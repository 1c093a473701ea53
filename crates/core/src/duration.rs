//! Times as written in scripts, transcripts and PGN (`m:ss.fff`, `h:mm:ss`). Never spoken: speech says
//! times in words (see `language::announce`).

use std::time::Duration;

/// `m:ss.fff` under an hour, `h:mm:ss.fff` from an hour on: the form of script and transcript times.
pub fn format_precise(d: Duration) -> String {
    let ms = d.as_millis();
    let (h, m, s, f) = (ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, ms % 1000);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}.{f:03}")
    } else {
        format!("{m}:{s:02}.{f:03}")
    }
}

/// `h:mm:ss`, whole seconds rounded down: the form of PGN `[%clk]` comments.
pub fn format_pgn_clock(d: Duration) -> String {
    let s = d.as_secs();
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

/// Reads `m:ss[.fff]` or `h:mm:ss[.fff]` (also plain seconds `ss[.fff]`).
pub fn parse(text: &str) -> Option<Duration> {
    let (whole, fraction) = match text.split_once('.') {
        Some((w, f)) => (w, Some(f)),
        None => (text, None),
    };
    let parts: Vec<&str> = whole.split(':').collect();
    if parts.len() > 3 || parts.iter().any(|p| p.is_empty() || !p.bytes().all(|b| b.is_ascii_digit())) {
        return None;
    }
    let numbers: Vec<u64> = parts.iter().map(|p| p.parse().ok()).collect::<Option<_>>()?;
    // Minutes and seconds after the first field are at most 59.
    if numbers.iter().skip(1).any(|&n| n > 59) {
        return None;
    }
    let seconds = numbers.iter().try_fold(0u64, |acc, &n| acc.checked_mul(60)?.checked_add(n))?;
    let millis = match fraction {
        None => 0,
        Some(f) if (1..=3).contains(&f.len()) && f.bytes().all(|b| b.is_ascii_digit()) => {
            f.parse::<u64>().ok()? * 10u64.pow(3 - f.len() as u32)
        }
        Some(_) => return None,
    };
    Some(Duration::from_secs(seconds) + Duration::from_millis(millis))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_script_times() {
        assert_eq!(parse("0:05"), Some(Duration::from_secs(5)));
        assert_eq!(parse("1:02.5"), Some(Duration::from_millis(62_500)));
        assert_eq!(parse("1:00:00.001"), Some(Duration::from_millis(3_600_001)));
        assert_eq!(parse("12.25"), Some(Duration::from_millis(12_250)));
        for bad in ["", "1:60", "a:00", "1::0", "1:00.1234", "1:2:3:4", "-1:00", "0:05."] {
            assert_eq!(parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn formats_times() {
        assert_eq!(format_precise(Duration::from_millis(62_500)), "1:02.500");
        assert_eq!(format_precise(Duration::from_millis(3_723_004)), "1:02:03.004");
        assert_eq!(format_pgn_clock(Duration::from_millis(3_723_999)), "1:02:03");
    }
}
