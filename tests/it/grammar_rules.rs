//! The grammar of what Anna says, rule by rule, over every language file: a verb agrees with the
//! number it speaks of, a result names who resigned, a side takes its case, and each language
//! speaks to the player in one form of address.

use std::time::Duration;

use anna_core::message::{Arg, Priority, Sentence, Utterance};
use anna_core::outcome::{Outcome, Reason};
use anna_language::announce::{outcome, MoveForm, SquareStyle};
use anna_language::{Vocabulary, Voice};
use shakmaty::Color;

fn voice(code: &str) -> Voice {
    Voice::new(Vocabulary::get(code).unwrap(), SquareStyle::AnnexD, MoveForm::Short)
}

fn flag_fell(code: &str, moves: u32) -> String {
    let u = Utterance::new(Priority::Urgent, Sentence::FlagFellQuota)
        .arg("side", Arg::Side(Color::White))
        .arg("moves", Arg::Moves(moves));
    voice(code).render(&u)
}

/// Plural agreement of the verb with the moves still missing (sk, cs, sl; pl and the others say it
/// without a verb that agrees).
#[test]
fn the_verb_agrees_with_the_moves_still_to_play() {
    let table = [
        ("sk", 1, "do časovej kontroly chýba ešte 1 ťah"),
        ("sk", 2, "do časovej kontroly chýbajú ešte 2 ťahy"),
        ("sk", 5, "do časovej kontroly chýba ešte 5 ťahov"),
        ("cs", 1, "do časové kontroly chybí ještě 1 tah"),
        ("cs", 3, "do časové kontroly chybějí ještě 3 tahy"),
        ("cs", 7, "do časové kontroly chybí ještě 7 tahů"),
        ("sl", 1, "do časovne kontrole manjka še 1 poteza"),
        ("sl", 2, "do časovne kontrole manjkata še 2 potezi"),
        ("sl", 3, "do časovne kontrole manjkajo še 3 poteze"),
        ("sl", 5, "do časovne kontrole manjka še 5 potez"),
        ("pl", 2, "do kontroli czasu brakowało jeszcze 2 posunięcia"),
        ("en", 1, "with 1 move still to play"),
    ];
    for (code, n, expected) in table {
        let said = flag_fell(code, n);
        assert!(said.contains(expected), "{code} {n}: {said}");
    }
}

/// "Zostávajú 2 minúty", "Zostało 5 minut": the clock left in review, every plural form.
#[test]
fn the_verb_agrees_with_the_time_left() {
    use anna_language::announce::{agreeing, leading_count, time_words};
    let said = |code: &str, secs: u64| {
        let v = Vocabulary::get(code).unwrap();
        let d = Duration::from_secs(secs);
        let key = agreeing("review.clock", leading_count(d), &v);
        v.word(&key).replace("{time}", &time_words(d, &v))
    };
    let table = [
        ("sk", 60, "Zostáva 1 minúta."),
        ("sk", 120, "Zostávajú 2 minúty."),
        ("sk", 300, "Zostáva 5 minút."),
        ("cs", 180 + 5, "Zbývají 3 minuty 5 sekund."),
        ("cs", 600, "Zbývá 10 minut."),
        ("pl", 60, "Została 1 minuta."),
        ("pl", 120, "Zostały 2 minuty."),
        ("pl", 22 * 60, "Zostały 22 minuty."),
        ("pl", 300, "Zostało 5 minut."),
        ("sl", 60, "Ostaja 1 minuta."),
        ("sl", 120, "Ostajata 2 minuti."),
        ("sl", 180, "Ostajajo 3 minute."),
        ("sl", 300, "Ostaja 5 minut."),
        ("de", 120, "Noch 2 Minuten."),
        ("en", 7200 + 60, "2 hours 1 minute left."),
    ];
    for (code, secs, expected) in table {
        assert_eq!(said(code, secs), expected, "{code} {secs} s");
    }
}

/// A resignation says who resigned; a second illegal move says whose it was (FIDE 5.1.2, 7.5.5).
#[test]
fn a_result_names_the_player_who_lost_it() {
    let resigned = Outcome { winner: Some(Color::White), reason: Reason::Resignation };
    let illegal = Outcome { winner: Some(Color::White), reason: Reason::IllegalMoves };
    let said = |code: &str, o: Outcome| outcome(o, &Vocabulary::get(code).unwrap());
    assert_eq!(said("sk", resigned), "Biely vyhráva, Čierny sa vzdal (FIDE 5.1.2).");
    assert_eq!(said("cs", resigned), "Bílý vyhrává, Černý se vzdal (FIDE 5.1.2).");
    assert_eq!(said("pl", resigned), "Białe wygrywają, Czarne poddały partię (FIDE 5.1.2).");
    assert_eq!(said("sl", resigned), "Beli zmaga, Črni se je predal (FIDE 5.1.2).");
    assert_eq!(said("en", illegal), "White wins: Black's second illegal move (FIDE 7.5.5).");
}

/// "Rozhodca nastavil Bielemu čas na 21 minút": the side in the dative where the language declines it.
#[test]
fn the_arbiter_sets_the_clock_of_a_side_in_its_case() {
    let said = |code: &str| {
        let u = Utterance::new(Priority::Info, Sentence::Adjusted)
            .arg("side", Arg::Side(Color::White))
            .arg("time", Arg::Time(Duration::from_secs(21 * 60)));
        voice(code).render(&u)
    };
    assert_eq!(said("sk"), "Rozhodca nastavil Bielemu čas na 21 minút (FIDE 6.10.2).");
    assert_eq!(said("cs"), "Rozhodčí nastavil Bílému čas na 21 minut (FIDE 6.10.2).");
    assert_eq!(said("sl"), "Sodnik je nastavil Belemu čas na 21 minut (FIDE 6.10.2).");
    assert_eq!(said("en"), "Arbiter: White's clock set to 21 minutes (FIDE 6.10.2).");
}

/// One form of address in each language: German says `Sie`, Polish `proszę` and never `ty`; Polish
/// sides are plural (`Białe zaproponowały`) and `czy` only asks, `albo` lists.
#[test]
fn each_language_speaks_to_the_player_in_one_form() {
    let all = |code: &str| {
        let v = Vocabulary::get(code).unwrap();
        v.keys()
            .filter(|k| !k.starts_with("commands."))
            .map(|k| (k.to_string(), v.word(k).to_string()))
            .collect::<Vec<_>>()
    };
    for (key, text) in all("de") {
        for word in text.split(|c: char| !c.is_alphabetic()) {
            assert!(
                !["sage", "Sage", "gib", "Gib", "du", "dein", "deine"].contains(&word),
                "de {key}: '{word}' in {text}"
            );
        }
    }
    for (key, text) in all("pl") {
        for word in text.split(|c: char| !c.is_alphabetic()) {
            let thou =
                ["powiedz", "Powiedz", "wpisz", "grasz", "masz", "możesz", "chcesz", "twój", "twoja", "Pan", "Pani"];
            assert!(!thou.contains(&word), "pl {key}: '{word}' in {text}");
        }
        assert!(!text.contains("zaproponował ") && !text.contains("Na posunięciu jest"), "pl {key}: {text}");
        // A question, direct (`…?`) or indirect (`…, czy …`); a list of choices says `albo`.
        let lists = text.replace(", czy ", "").contains(" czy ") && !text.contains('?');
        assert!(!lists, "pl {key}: 'czy' outside a question: {text}");
    }
    assert_eq!(Vocabulary::get("pl").unwrap().word("list.or"), " albo ");
}
