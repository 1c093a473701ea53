use super::*;
use proptest::prelude::*;
use shakmaty::Color::{Black, White};

fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

fn secs(n: u64) -> Duration {
    Duration::from_secs(n)
}

fn tc(s: &str) -> TimeControl {
    TimeControl::parse(s).unwrap()
}

fn started(s: &str, mode: ClockMode) -> Clock {
    let mut clock = Clock::new(tc(s).with_mode(mode));
    clock.start(White, Duration::ZERO);
    clock
}

#[test]
fn fischer_adds_the_increment_before_the_first_move_and_after_each() {
    // FIDE 6.3.2
    let mut clock = Clock::new(tc("5+3"));
    assert_eq!(clock.remaining(White, Duration::ZERO), ms(303_000));
    assert_eq!(clock.remaining(Black, Duration::ZERO), ms(303_000));
    assert_eq!(clock.running(), None);
    assert_eq!(clock.press(secs(1)), None);
    clock.start(White, Duration::ZERO);
    assert_eq!(clock.remaining(White, ms(10_500)), ms(292_500));
    let r = clock.press(ms(10_500)).unwrap();
    assert_eq!(r, PressReport { side: White, remaining: ms(295_500), added: ms(3000), new_period: None });
    assert_eq!(clock.running(), Some(Black));
    assert_eq!(clock.remaining(White, ms(19_000)), ms(295_500));
    assert_eq!(clock.remaining(Black, ms(20_000)), ms(293_500));
    assert_eq!(clock.press(ms(20_000)).unwrap().remaining, ms(296_500));
    assert_eq!(clock.press(ms(21_234)).unwrap().remaining, ms(297_266));
    assert_eq!((clock.moves(White), clock.moves(Black)), (2, 1));
    assert_eq!(clock.moves_left_in_period(White), None);
}

#[test]
fn bronstein_gives_back_at_most_the_time_used() {
    // FIDE 6.3.2
    let mut clock = started("5+3", ClockMode::Bronstein);
    assert_eq!(clock.remaining(Black, Duration::ZERO), ms(300_000));
    let r = clock.press(ms(1500)).unwrap();
    assert_eq!((r.remaining, r.added), (ms(300_000), ms(1500)));
    let r = clock.press(ms(11_500)).unwrap();
    assert_eq!((r.remaining, r.added), (ms(293_000), ms(3000)));
    let r = clock.press(ms(14_500)).unwrap();
    assert_eq!((r.remaining, r.added), (ms(300_000), ms(3000)));
}

#[test]
fn delay_holds_the_main_time_during_the_delay() {
    // FIDE 6.3.2 (delay)
    let mut clock = started("5+3", ClockMode::Delay);
    assert_eq!(clock.remaining(White, ms(2999)), ms(300_000));
    let r = clock.press(ms(2000)).unwrap();
    assert_eq!((r.remaining, r.added), (ms(300_000), Duration::ZERO));
    assert_eq!(clock.remaining(Black, ms(5000)), ms(300_000));
    assert_eq!(clock.remaining(Black, ms(5001)), ms(299_999));
    let r = clock.press(ms(12_000)).unwrap();
    assert_eq!((r.remaining, r.added), (ms(293_000), Duration::ZERO));
    assert_eq!(clock.remaining(White, ms(14_999)), ms(300_000));
    assert_eq!(clock.remaining(White, ms(15_500)), ms(299_500));
}

#[test]
fn a_met_quota_starts_the_next_period_with_carry_over() {
    // FIDE 6.3.1, 6.3.2
    let mut clock = started("2/120:60", ClockMode::Fischer);
    assert_eq!(clock.remaining(White, Duration::ZERO), secs(120));
    assert_eq!(clock.press(secs(10)).unwrap().remaining, secs(110));
    assert_eq!(clock.moves_left_in_period(White), Some(1));
    assert_eq!(clock.press(secs(15)).unwrap().remaining, secs(115));
    let r = clock.press(secs(30)).unwrap();
    assert_eq!(r.remaining, secs(155));
    assert_eq!(r.new_period, Some(NewPeriod { index: 1, added: secs(60) }));
    assert_eq!((clock.period(White), clock.period(Black)), (1, 0));
    assert_eq!(clock.moves_left_in_period(White), None);
    assert_eq!(clock.moves_left_in_period(Black), Some(1));
}

#[test]
fn the_increment_is_that_of_the_period_the_move_was_played_in() {
    let mut clock = started("1/60+10:60+1", ClockMode::Fischer);
    assert_eq!(clock.remaining(White, Duration::ZERO), secs(70));
    let r = clock.press(secs(5)).unwrap();
    assert_eq!((r.added, r.remaining), (secs(10), secs(135)));
    clock.press(secs(6)).unwrap();
    let r = clock.press(secs(8)).unwrap();
    assert_eq!((r.added, r.remaining, r.new_period), (secs(1), secs(134), None));
}

#[test]
fn a_last_period_with_a_quota_repeats() {
    // FIDE 6.3.1: "40/7200:20/3600" is 20 moves an hour, again and again, after move 40.
    let control = tc("2/100:1/50");
    let mut clock = Clock::new(control.clone());
    clock.start(White, Duration::ZERO);
    let mut now = 0;
    let mut white = Vec::new();
    for _ in 0..4 {
        now += 1000;
        let r = clock.press(ms(now)).unwrap();
        white.push((r.remaining, r.new_period.map(|p| p.index)));
        now += 1000;
        clock.press(ms(now)).unwrap();
    }
    assert_eq!(white, [(secs(99), None), (secs(148), Some(1)), (secs(197), Some(2)), (secs(246), Some(3))]);
    assert_eq!(clock.period(White), 3);
    assert_eq!(clock.moves_left_in_period(White), Some(1));
    assert_eq!(control.period(3), Some(&control.periods[1]));
    assert_eq!(control.period(usize::MAX), Some(&control.periods[1]));
    assert_eq!(TimeControl::none().period(0), None);
}

#[test]
fn flag_at_is_exact() {
    let mut clock = Clock::new(tc("1"));
    assert_eq!(clock.flag_at(), None);
    clock.start(White, ms(1000));
    assert_eq!(clock.flag_at(), Some(ms(61_000)));
    assert_eq!(clock.remaining(White, ms(60_999)), ms(1));
    assert_eq!(clock.flagged(ms(60_999)), None);
    assert_eq!(clock.remaining(White, ms(61_000)), Duration::ZERO);
    assert_eq!(clock.flagged(ms(61_000)), Some(White));
    assert_eq!(clock.flag_fell_at(White, ms(70_000)), Some(ms(61_000)));
    // The flag stays down and the instant is kept (FIDE 6.9); no increment or period time afterwards.
    let r = clock.press(ms(70_000)).unwrap();
    assert_eq!((r.remaining, r.added), (Duration::ZERO, Duration::ZERO));
    assert_eq!(clock.flagged(ms(70_000)), Some(White));
    assert_eq!(clock.flag_fell_at(White, ms(80_000)), Some(ms(61_000)));
    assert_eq!(clock.flag_at(), Some(ms(130_000)));
}

#[test]
fn a_clock_following_the_official_one_falls_when_that_clock_says_so() {
    // FIDE 6.1: the DGT clock on the board is the official clock. Its report of 0:01 at 60 s makes
    // this one fall at 61 s by itself, but not before the official clock has had its grace to
    // report the press it may already have had.
    let mut clock = Clock::new(tc("1"));
    clock.start(White, Duration::ZERO);
    clock.follow(White, ms(1000), ms(60_000));
    assert_eq!(clock.remaining(White, ms(61_000)), Duration::ZERO);
    assert_eq!(clock.flag_at(), Some(ms(61_000) + FOLLOW_GRACE));
    // The press reported in time: the flag never fell.
    clock.follow(White, ms(500), ms(61_500));
    clock.press(ms(61_500)).unwrap();
    assert_eq!(clock.flagged(ms(61_500)), None);
    // The official clock shows Black's flag fallen (its time blocked at zero): it falls now.
    clock.follow(Black, Duration::ZERO, ms(90_000));
    assert_eq!(clock.flag_at(), Some(ms(90_000)));
    assert_eq!(clock.flagged(ms(90_000)), Some(Black));
}

#[test]
fn reaches_gives_the_instant_of_an_alarm() {
    let mut clock = started("1+2", ClockMode::Delay);
    // One minute with a 2-second delay: 10 seconds are left at 2 + 50 s.
    assert_eq!(clock.reaches(ms(10_000)), Some(ms(52_000)));
    assert_eq!(clock.remaining(White, ms(52_000)), ms(10_000));
    assert_eq!(clock.reaches(ms(60_000)), None);
    clock.pause(ms(3000));
    assert_eq!(clock.reaches(ms(10_000)), None);
    assert_eq!(Clock::new(TimeControl::none()).reaches(Duration::ZERO), None);
}

#[test]
fn flag_at_includes_the_delay() {
    let mut clock = started("1+2", ClockMode::Delay);
    assert_eq!(clock.flag_at(), Some(ms(62_000)));
    clock.pause(ms(1000)); // FIDE 6.11: a pause during the delay keeps the rest of the delay
    assert_eq!(clock.flag_at(), None);
    clock.resume(ms(5000));
    assert_eq!(clock.flag_at(), Some(ms(66_000)));
    assert_eq!(clock.remaining(White, ms(6000)), ms(60_000));
    assert_eq!(clock.remaining(White, ms(7000)), ms(59_000));
    assert_eq!(clock.remaining(White, ms(65_999)), ms(1));
    assert_eq!(clock.flagged(ms(66_000)), Some(White));
}

#[test]
fn the_waiting_side_can_be_flagged_and_the_first_fall_counts() {
    let mut clock = started("1", ClockMode::Fischer);
    clock.set_remaining(Black, Duration::ZERO, ms(500));
    assert_eq!(clock.flagged(ms(600)), Some(Black));
    assert_eq!(clock.flagged(ms(70_000)), Some(Black)); // White fell later, at 60 s
    assert_eq!(clock.flag_fell_at(White, ms(70_000)), Some(secs(60)));
    clock.add_time(Black, secs(120), ms(700));
    assert_eq!(clock.flagged(ms(70_000)), Some(White));
}

#[test]
fn without_a_time_control_the_clock_only_counts_moves() {
    let mut clock = Clock::new(TimeControl::none());
    clock.start(White, Duration::ZERO);
    assert_eq!(clock.flag_at(), None);
    clock.add_time(White, secs(120), secs(1));
    clock.set_remaining(Black, secs(120), secs(1));
    clock.quickplay_increment(secs(1));
    assert!(!clock.is_quickplay());
    let r = clock.press(secs(3600)).unwrap();
    assert_eq!(r, PressReport { side: White, remaining: Duration::ZERO, added: Duration::ZERO, new_period: None });
    assert_eq!(clock.remaining(Black, secs(9999)), Duration::ZERO);
    assert_eq!(clock.flagged(secs(9999)), None);
    assert_eq!((clock.moves(White), clock.period(White), clock.moves_left_in_period(White)), (1, 0, None));
    assert_eq!(clock.time_control().category(), Category::Standard);
}

#[test]
fn pause_and_resume_are_exact() {
    // FIDE 6.11, 9.5.1
    let mut clock = started("5", ClockMode::Fischer);
    clock.pause(secs(10));
    assert!(clock.is_paused());
    assert_eq!((clock.running(), clock.to_move()), (None, Some(White)));
    assert_eq!(clock.remaining(White, secs(50)), secs(290));
    assert_eq!(clock.press(secs(50)), None);
    clock.pause(secs(60)); // idempotent
    assert_eq!(clock.remaining(White, secs(60)), secs(290));
    clock.resume(secs(100));
    assert!(!clock.is_paused());
    assert_eq!(clock.remaining(White, ms(101_250)), ms(288_750));
    assert_eq!(clock.flag_at(), Some(secs(390)));
    clock.resume(secs(200)); // not paused: nothing happens
    assert_eq!(clock.flag_at(), Some(secs(390)));
    assert_eq!(clock.press(secs(101)).unwrap().remaining, secs(289));
}

#[test]
fn bronstein_counts_the_used_time_across_a_pause() {
    let mut clock = started("5+3", ClockMode::Bronstein);
    clock.pause(ms(1000));
    clock.resume(ms(10_000));
    let r = clock.press(ms(12_000)).unwrap();
    assert_eq!((r.remaining, r.added), (secs(300), secs(3)));
}

#[test]
fn stop_freezes_both_clocks() {
    let mut clock = started("5", ClockMode::Fischer);
    clock.stop(secs(7));
    assert_eq!((clock.running(), clock.to_move(), clock.is_paused()), (None, None, false));
    assert_eq!(clock.remaining(White, secs(100)), secs(293));
    assert_eq!(clock.press(secs(100)), None);
    assert_eq!(clock.flag_at(), None);
    clock.pause(secs(100));
    assert!(!clock.is_paused());
}

#[test]
fn penalties_add_time_to_either_side() {
    // FIDE 7.5.5, 9.5.3: the opponent gets two minutes (one in blitz, B.2).
    let control = tc("15+10");
    let penalty = crate::laws::Edition::Laws2018.penalty(control.category());
    let mut clock = Clock::new(control);
    clock.start(White, Duration::ZERO);
    clock.add_time(Black, penalty, ms(1234));
    assert_eq!(clock.remaining(Black, ms(5000)), ms(910_000 + 120_000));
    clock.add_time(White, penalty, ms(1234));
    assert_eq!(clock.remaining(White, ms(1234)), ms(910_000 - 1234 + 120_000));
    assert_eq!(clock.remaining(White, ms(2000)), ms(910_000 - 2000 + 120_000));
    assert_eq!(clock.flag_at(), Some(ms(1_030_000)));
}

#[test]
fn the_arbiter_sets_the_remaining_time() {
    // FIDE 6.10.2
    let mut clock = started("5", ClockMode::Fischer);
    clock.set_remaining(White, secs(60), secs(10));
    assert_eq!(clock.remaining(White, ms(12_500)), ms(57_500));
    clock.set_remaining(Black, ms(45_678), secs(11));
    assert_eq!(clock.remaining(Black, secs(100)), ms(45_678));
    assert_eq!(clock.flag_at(), Some(secs(70)));
    let mut delay = started("1+5", ClockMode::Delay);
    delay.set_remaining(White, secs(30), secs(2)); // the rest of the delay stays
    assert_eq!(delay.remaining(White, secs(5)), secs(30));
    assert_eq!(delay.flag_at(), Some(secs(35)));
}

#[test]
fn the_arbiter_corrects_the_move_counter() {
    // FIDE 6.10.2
    let mut clock = Clock::new(tc("40/5400+30:1800+30"));
    clock.set_moves(White, 39);
    assert_eq!((clock.moves(White), clock.period(White), clock.moves_left_in_period(White)), (39, 0, Some(1)));
    clock.set_moves(White, 45);
    assert_eq!((clock.period(White), clock.moves_left_in_period(White)), (1, None));
    clock.set_moves(White, u32::MAX);
    assert_eq!(clock.period(White), 1);

    // The same period as pressing that many times, with a repeating last period.
    let control = tc("2/100:3/50");
    for n in 0..15 {
        let mut pressed = Clock::new(control.clone());
        pressed.start(White, Duration::ZERO);
        for i in 0..2 * n {
            pressed.press(ms(u64::from(i)));
        }
        let mut set = Clock::new(control.clone());
        set.set_moves(White, n);
        assert_eq!(set.moves(White), pressed.moves(White));
        assert_eq!(set.period(White), pressed.period(White), "{n}");
        assert_eq!(set.moves_left_in_period(White), pressed.moves_left_in_period(White), "{n}");
    }
    // A correction moves the clock on from there.
    let mut clock = Clock::new(control);
    clock.set_moves(White, 1);
    clock.start(White, Duration::ZERO);
    let r = clock.press(secs(1)).unwrap();
    assert_eq!(r.new_period, Some(NewPeriod { index: 1, added: secs(50) }));
}

#[test]
fn quickplay_gives_both_a_five_second_increment() {
    // FIDE III.4
    let mut clock = started("5", ClockMode::Fischer);
    assert_eq!(clock.press(secs(10)).unwrap().added, Duration::ZERO);
    clock.quickplay_increment(secs(12));
    assert!(clock.is_quickplay());
    clock.add_time(White, secs(120), secs(12)); // the caller gives the opponent two minutes
    let r = clock.press(secs(20)).unwrap();
    assert_eq!((r.remaining, r.added), (secs(295), secs(5)));
    let r = clock.press(secs(21)).unwrap();
    assert_eq!((r.remaining, r.added), (secs(414), secs(5)));

    // In delay mode the delay of the move in progress ends with the switch.
    let mut delay = started("5+3", ClockMode::Delay);
    delay.quickplay_increment(secs(2));
    assert_eq!(delay.remaining(White, secs(2)), secs(300));
    assert_eq!(delay.remaining(White, secs(4)), secs(298));
    assert_eq!(delay.press(secs(4)).unwrap().remaining, secs(303));
}

#[test]
fn start_restarts_without_crediting() {
    let mut clock = started("5+2", ClockMode::Delay);
    clock.start(Black, secs(5)); // White used 3 s of main time; no move counted
    assert_eq!(clock.moves(White), 0);
    assert_eq!(clock.remaining(White, secs(5)), secs(297));
    clock.start(Black, secs(6)); // the same side keeps its move: the delay is not given again
    assert_eq!(clock.remaining(Black, secs(8)), secs(299));
}

#[test]
fn time_going_backwards_does_not_panic() {
    let mut clock = started("5+3", ClockMode::Delay);
    clock.press(secs(10));
    assert_eq!(clock.remaining(Black, secs(1)), secs(300));
    clock.pause(secs(2));
    clock.resume(Duration::ZERO);
    assert!(clock.press(Duration::ZERO).is_some());
}

fn mode_strategy() -> impl Strategy<Value = ClockMode> {
    prop_oneof![Just(ClockMode::Fischer), Just(ClockMode::Bronstein), Just(ClockMode::Delay)]
}

fn control_strategy() -> impl Strategy<Value = TimeControl> {
    let period = (prop::option::of(1u32..5), 1u64..400_000, 0u64..20_000).prop_map(|(moves, t, i)| Period {
        moves,
        time: ms(t),
        increment: ms(i),
    });
    (prop::collection::vec(period, 1..4), mode_strategy()).prop_map(|(periods, mode)| TimeControl { periods, mode })
}

proptest! {
    #[test]
    fn fischer_remaining_is_base_plus_increments_minus_used(
        base in 200_000u64..1_000_000,
        inc in 0u64..30_000,
        used in prop::collection::vec(0u64..5000, 0..40),
    ) {
        // FIDE 6.3.2
        let control = TimeControl { periods: vec![Period { moves: None, time: ms(base), increment: ms(inc) }], mode: ClockMode::Fischer };
        let mut clock = Clock::new(control);
        clock.start(White, Duration::ZERO);
        let mut now = Duration::ZERO;
        let mut sum = ByColor { white: Duration::ZERO, black: Duration::ZERO };
        for u in used {
            let side = clock.running().unwrap();
            now += ms(u);
            sum[side] += ms(u);
            clock.press(now).unwrap();
            for s in [White, Black] {
                let expected = ms(base) + ms(inc) * (clock.moves(s) + 1) - sum[s];
                prop_assert_eq!(clock.remaining(s, now), expected);
            }
        }
    }

    #[test]
    fn time_is_conserved_at_every_press(
        control in control_strategy(),
        used in prop::collection::vec(0u64..60_000, 0..30),
    ) {
        let mut clock = Clock::new(control.clone());
        clock.start(White, Duration::ZERO);
        let mut now = Duration::ZERO;
        for u in used {
            let side = clock.running().unwrap();
            let before = clock.remaining(side, now);
            let rule = *control.period(clock.period(side)).unwrap();
            let charged = match control.mode {
                ClockMode::Delay => ms(u).saturating_sub(rule.increment),
                _ => ms(u),
            };
            now += ms(u);
            let r = clock.press(now).unwrap();
            let period_time = r.new_period.map_or(Duration::ZERO, |p| p.added);
            if charged < before {
                prop_assert_eq!(r.remaining, before - charged + r.added + period_time);
                let expected = match control.mode {
                    ClockMode::Fischer => rule.increment,
                    ClockMode::Bronstein => rule.increment.min(ms(u)),
                    ClockMode::Delay => Duration::ZERO,
                };
                prop_assert_eq!(r.added, expected);
            } else {
                prop_assert_eq!(r.remaining, Duration::ZERO);
                prop_assert!(clock.flagged(now) == Some(side) || clock.flagged(now) == Some(side.other()));
            }
            prop_assert_eq!(clock.remaining(side, now + ms(u)), r.remaining);
        }
    }

    #[test]
    fn bronstein_never_gives_more_than_the_player_had(
        control in control_strategy(),
        used in prop::collection::vec(0u64..60_000, 0..30),
    ) {
        // FIDE 6.3.2
        let mut clock = Clock::new(control.with_mode(ClockMode::Bronstein));
        clock.start(White, Duration::ZERO);
        let mut now = Duration::ZERO;
        for u in used {
            let side = clock.running().unwrap();
            let before = clock.remaining(side, now);
            now += ms(u);
            let r = clock.press(now).unwrap();
            let period_time = r.new_period.map_or(Duration::ZERO, |p| p.added);
            prop_assert!(r.remaining - period_time <= before);
        }
    }

    #[test]
    fn flag_at_is_when_the_time_reaches_zero(
        control in control_strategy(),
        used in prop::collection::vec(0u64..20_000, 0..10),
        pause in prop::option::of((0u64..30_000, 0u64..30_000)),
    ) {
        let mut clock = Clock::new(control);
        clock.start(White, Duration::ZERO);
        let mut now = Duration::ZERO;
        for u in used {
            now += ms(u);
            clock.press(now);
        }
        let side = clock.running().unwrap();
        let mut start = now;
        if let Some((p, r)) = pause {
            clock.pause(now + ms(p));
            prop_assert_eq!(clock.flag_at(), None);
            start = now + ms(p + r);
            clock.resume(start);
        }
        let flag = clock.flag_at().unwrap();
        if clock.remaining(side, start) > Duration::ZERO {
            prop_assert!(flag > start);
            prop_assert!(clock.remaining(side, flag - ms(1)) > Duration::ZERO);
        }
        let after = flag.max(start);
        prop_assert_eq!(clock.remaining(side, after), Duration::ZERO);
        prop_assert!(clock.flagged(after).is_some());
        prop_assert_eq!(clock.flag_fell_at(side, after), Some(flag));
    }

    #[test]
    fn no_operation_panics(
        control in control_strategy(),
        ops in prop::collection::vec((0u8..12, 0u64..u64::MAX, any::<bool>()), 0..40),
    ) {
        let mut clock = Clock::new(control);
        for (op, t, white) in ops {
            let now = ms(t % 10_000_000);
            let side = if white { White } else { Black };
            match op {
                0 => clock.start(side, now),
                1 | 2 => { clock.press(now); }
                3 => clock.pause(now),
                4 => clock.resume(now),
                5 => clock.stop(now),
                6 => clock.add_time(side, Duration::from_millis(t), now),
                7 => clock.set_remaining(side, Duration::from_millis(t), now),
                8 => clock.set_moves(side, t as u32),
                9 => clock.quickplay_increment(now),
                _ => { clock.flagged(now); clock.flag_at(); clock.moves_left_in_period(side); clock.flag_fell_at(side, now); }
            }
            let _ = clock.remaining(side, now);
        }
    }
}
