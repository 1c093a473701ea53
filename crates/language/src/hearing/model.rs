//! The small language model of the second decoder: a trigram model in ARPA form, counted from the
//! sentences of a position's grammar (`position.rs`: each legal move in every form and style of
//! square, castling, the commands and answers), with absolute discounting and back-off. Pure; the
//! recogniser writes it to a file for pocketsphinx.

use std::collections::BTreeMap;
use std::fmt::Write as _;

/// The discount taken from every seen count, for the unseen.
const DISCOUNT: f64 = 0.5;

type Counts = BTreeMap<Vec<String>, f64>;

fn log10(p: f64) -> f64 {
    if p > 0.0 {
        p.log10()
    } else {
        -99.0
    }
}

/// The ARPA trigram model of `sentences`.
pub fn arpa(sentences: &[Vec<String>]) -> String {
    let mut counts: [Counts; 3] = Default::default();
    for sentence in sentences {
        let words: Vec<String> = std::iter::once("<s>".to_string())
            .chain(sentence.iter().cloned())
            .chain(std::iter::once("</s>".to_string()))
            .collect();
        for n in 1..=3 {
            for gram in words.windows(n) {
                *counts[n - 1].entry(gram.to_vec()).or_default() += 1.0;
            }
        }
    }
    // Unigrams: <s> is never predicted.
    let total: f64 = counts[0].iter().filter(|(g, _)| g[0] != "<s>").map(|(_, c)| c).sum();
    let p1: BTreeMap<Vec<String>, f64> =
        counts[0].iter().map(|(g, c)| (g.clone(), if g[0] == "<s>" { 0.0 } else { c / total })).collect();
    // Higher orders: the discounted probability of each seen gram, and each history's back-off.
    let higher = |n: usize, lower: &dyn Fn(&[String]) -> f64| {
        let mut history_total: BTreeMap<Vec<String>, (f64, f64)> = BTreeMap::new();
        for (gram, c) in &counts[n - 1] {
            let entry = history_total.entry(gram[..n - 1].to_vec()).or_default();
            entry.0 += c;
            entry.1 += 1.0;
        }
        let mut probs = BTreeMap::new();
        let mut seen_lower: BTreeMap<Vec<String>, f64> = BTreeMap::new();
        for (gram, c) in &counts[n - 1] {
            let (sum, _) = history_total[&gram[..n - 1]];
            probs.insert(gram.clone(), (c - DISCOUNT) / sum);
            *seen_lower.entry(gram[..n - 1].to_vec()).or_default() += lower(&gram[1..]);
        }
        let backoff: BTreeMap<Vec<String>, f64> = history_total
            .iter()
            .map(|(history, (sum, types))| {
                let left = DISCOUNT * types / sum;
                let rest = (1.0 - seen_lower[history]).max(1e-9);
                (history.clone(), left / rest)
            })
            .collect();
        (probs, backoff)
    };
    let unigram = |g: &[String]| p1.get(g).copied().unwrap_or(0.0);
    let (p2, bow1) = higher(2, &unigram);
    let bigram = |g: &[String]| match p2.get(g) {
        Some(p) => *p,
        None => bow1.get(&g[..1]).copied().unwrap_or(1.0) * unigram(&g[1..]),
    };
    let (p3, bow2) = higher(3, &bigram);
    let mut out = format!("\\data\\\nngram 1={}\nngram 2={}\nngram 3={}\n\n\\1-grams:\n", p1.len(), p2.len(), p3.len());
    for (gram, p) in &p1 {
        let bow = bow1.get(gram).copied().unwrap_or(1.0);
        let _ = writeln!(out, "{:.4} {} {:.4}", log10(*p), gram[0], log10(bow));
    }
    out.push_str("\n\\2-grams:\n");
    for (gram, p) in &p2 {
        match bow2.get(gram) {
            Some(bow) => _ = writeln!(out, "{:.4} {} {:.4}", log10(*p), gram.join(" "), log10(*bow)),
            None => _ = writeln!(out, "{:.4} {}", log10(*p), gram.join(" ")),
        }
    }
    out.push_str("\n\\3-grams:\n");
    for (gram, p) in &p3 {
        let _ = writeln!(out, "{:.4} {}", log10(*p), gram.join(" "));
    }
    out.push_str("\n\\end\\\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_model_counts_every_word_and_its_probabilities_add_up() {
        let sentences: Vec<Vec<String>> = [["knight", "foxtrot", "three"], ["knight", "echo", "four"]]
            .map(|s| s.map(str::to_string).to_vec())
            .to_vec();
        let model = arpa(&sentences);
        assert!(model.starts_with("\\data\\\nngram 1=7\n"), "{model}");
        assert!(model.contains("\n-99.0000 <s> "), "{model}");
        // After "knight", foxtrot and echo share what the discount leaves.
        assert!(model.contains("-0.6021 knight foxtrot"), "{model}");
        assert!(model.ends_with("\\end\\\n"));
    }
}
