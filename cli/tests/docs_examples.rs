//! Every example command of the README and of `docs/` runs through the built `chimera`
//! and does what the page shows (issue 24). The pages are read as they are; the rules,
//! which docs/development.md states for writers:
//!
//! - In a ` ```console ` block, a line `$ COMMAND` is run by `sh -c` (so pipes and
//!   `printf` work) with the built `chimera` first on the `PATH`, in a fresh folder where
//!   `examples/` is the workspace's. The lines after it, up to the next `$` line or the
//!   block's end, are what it prints (standard output and error together). Lines starting
//!   with `> ` are not output but the command's input, sent to it (the engine protocol's
//!   dialogue). A line `…` stands for any number of lines; `…` within a line for any text.
//!   A command with no lines after it is run and only its exit code checked.
//! - In a ` ```sh ` block, every line starting with `chimera ` is run the same way and its
//!   exit code checked; where its comment starts with a number (`# 609324 (Ko)`), the
//!   output must contain that number as a word.
//! - The exit code must be 0, or N where the line ends in a comment `# exit code N`.
//! - `chimera serve` is never run here (it runs until stopped: tests/serve.rs tests it),
//!   nor any line that is not a `chimera` or a `printf` command (`printf … > FILE` makes
//!   a file an example reads, `printf … | chimera …` a command's input).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// One example: the page and line it is on, the command, its input and expected output.
#[derive(Debug)]
struct Example {
    page: String,
    line: usize,
    command: String,
    input: String,
    /// `None`: the output is not checked.
    expected: Option<Vec<String>>,
    /// A number the output must contain (a `sh` line's comment).
    number: Option<String>,
    code: i32,
}

/// The workspace's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the workspace")
        .to_path_buf()
}

/// The README and every page of `docs/` (Markdown files, at any depth).
fn pages() -> Vec<PathBuf> {
    let mut pages = vec![root().join("README.md")];
    let mut folders = vec![root().join("docs")];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("docs/ is readable") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                pages.push(path);
            }
        }
    }
    pages.sort();
    pages
}

/// The exit code a command's trailing `# exit code N` comment asks for (0 without one).
fn wanted_code(command: &str) -> i32 {
    command
        .rsplit_once("# exit code ")
        .and_then(|(_, n)| n.trim().parse().ok())
        .unwrap_or(0)
}

/// The number a `sh` line's comment starts with (`# 609324 (Ko)`), if any.
fn comment_number(command: &str) -> Option<String> {
    let (_, comment) = command.split_once(" # ")?;
    let word = comment.split_whitespace().next()?;
    word.chars()
        .all(|c| c.is_ascii_digit())
        .then(|| word.to_string())
}

/// Whether `text` contains `number` as a word (not inside a longer number).
fn contains_number(text: &str, number: &str) -> bool {
    text.split(|c: char| !c.is_ascii_digit())
        .any(|w| w == number)
}

/// Whether a command is run here: `chimera …` or `printf …` (which makes a command's
/// input or a file), never `chimera serve`.
fn runnable(command: &str) -> bool {
    let ours = command.starts_with("chimera ") || command.starts_with("printf ");
    ours && !command.contains("chimera serve")
}

/// The examples of one page.
fn examples(page: &Path) -> Vec<Example> {
    let text = std::fs::read_to_string(page).expect("the page is readable");
    let name = page
        .strip_prefix(root())
        .unwrap_or(page)
        .display()
        .to_string();
    let mut found: Vec<Example> = Vec::new();
    let mut block: Option<&str> = None;
    for (i, line) in text.lines().enumerate() {
        let fence = line.trim_start().strip_prefix("```");
        match (block, fence) {
            (None, Some(lang)) => {
                block = Some(lang.trim());
                continue;
            }
            (Some(_), Some(_)) => {
                block = None;
                continue;
            }
            _ => {}
        }
        let Some(lang) = block else {
            continue;
        };
        if let Some(command) = line.strip_prefix("$ ").filter(|_| lang == "console") {
            found.push(Example {
                page: name.clone(),
                line: i + 1,
                command: command.to_string(),
                input: String::new(),
                expected: Some(Vec::new()),
                number: None,
                code: wanted_code(command),
            });
        } else if lang == "sh" && line.starts_with("chimera ") {
            found.push(Example {
                page: name.clone(),
                line: i + 1,
                command: line.to_string(),
                input: String::new(),
                expected: None,
                number: comment_number(line),
                code: wanted_code(line),
            });
        } else if lang == "console" {
            let Some(last) = found.last_mut().filter(|e| e.expected.is_some()) else {
                continue;
            };
            match line.strip_prefix("> ") {
                Some(input) => {
                    last.input.push_str(input);
                    last.input.push('\n');
                }
                None => last.expected.as_mut().expect("checked").push(line.into()),
            }
        }
    }
    for example in &mut found {
        // Trailing blank lines of a block separate examples; they are not output.
        if let Some(lines) = &mut example.expected {
            while lines.last().is_some_and(|l| l.trim().is_empty()) {
                lines.pop();
            }
            if lines.is_empty() {
                example.expected = None;
            }
        }
    }
    found.retain(|e| runnable(&e.command));
    found
}

/// Whether `line` matches `pattern`, where `…` stands for any text.
fn line_matches(pattern: &str, line: &str) -> bool {
    let (pattern, line) = (pattern.trim_end(), line.trim_end());
    let mut parts = pattern.split('…');
    let first = parts.next().unwrap_or("");
    let Some(mut rest) = line.strip_prefix(first) else {
        return false;
    };
    let parts: Vec<&str> = parts.collect();
    for (i, part) in parts.iter().enumerate() {
        if i + 1 == parts.len() {
            return rest.ends_with(part);
        }
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.is_empty()
}

/// Whether the output lines match the expected ones, where a line `…` stands for any
/// number of lines.
fn lines_match(expected: &[String], actual: &[&str]) -> bool {
    match expected.split_first() {
        None => actual.iter().all(|l| l.trim().is_empty()),
        Some((first, rest)) if first.trim() == "…" => {
            (0..=actual.len()).any(|skip| lines_match(rest, &actual[skip..]))
        }
        Some((first, rest)) => actual
            .split_first()
            .is_some_and(|(line, more)| line_matches(first, line) && lines_match(rest, more)),
    }
}

/// Runs an example in `dir`; returns what went wrong, if anything.
fn run(example: &Example, dir: &Path) -> Result<(), String> {
    let bin = Path::new(env!("CARGO_BIN_EXE_chimera"));
    let path = format!(
        "{}:{}",
        bin.parent().expect("the binary's folder").display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("{{ {}\n}} 2>&1", example.command))
        .env("PATH", path)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run sh: {e}"))?;
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().expect("stdin");
        let _ = stdin.write_all(example.input.as_bytes());
    }
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    let code = out.status.code().unwrap_or(-1);
    if code != example.code {
        return Err(format!(
            "exit code {code}, the page says {}; output:\n{text}",
            example.code
        ));
    }
    if let Some(number) = &example.number {
        if !contains_number(&text, number) {
            return Err(format!("the page says {number}; the output:\n{text}"));
        }
    }
    if let Some(expected) = &example.expected {
        let actual: Vec<&str> = text.lines().collect();
        if !lines_match(expected, &actual) {
            return Err(format!(
                "the output differs from the page.\n--- the page:\n{}\n--- the program:\n{text}",
                expected.join("\n")
            ));
        }
    }
    Ok(())
}

#[test]
fn every_example_command_of_the_readme_and_docs_does_what_the_page_shows() {
    let dir = std::env::temp_dir().join(format!("chimera-docs-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    std::os::unix::fs::symlink(root().join("examples"), dir.join("examples"))
        .expect("a link to examples/");
    let mut failures = Vec::new();
    let mut count = 0;
    for page in pages() {
        for example in examples(&page) {
            count += 1;
            if let Err(e) = run(&example, &dir) {
                failures.push(format!(
                    "{}:{}: `{}`: {e}",
                    example.page, example.line, example.command
                ));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        count >= 40,
        "only {count} examples found: is the reader broken?"
    );
    assert!(
        failures.is_empty(),
        "{} of {count} examples fail:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[test]
fn the_matcher_reads_the_wildcards() {
    assert!(line_matches(
        "time:  … s (… M nodes/s)",
        "time:  0.006 s (105.18 M nodes/s)"
    ));
    assert!(!line_matches("nodes: 609324", "nodes: 609325"));
    assert!(line_matches("a … b", "a x y b"));
    assert!(!line_matches("a … b", "a x y c"));
    let lines = |s: &str| s.lines().map(String::from).collect::<Vec<_>>();
    assert!(lines_match(
        &lines("one\n…\nfour"),
        &["one", "two", "three", "four"]
    ));
    assert!(lines_match(&lines("one\n…"), &["one"]));
    assert!(!lines_match(&lines("one\nfour"), &["one", "two", "four"]));
    assert_eq!(
        wanted_code("chimera moves x --moves \"E1-E9\"   # exit code 1"),
        1
    );
    assert!(!runnable("chimera serve --open"));
    assert_eq!(
        comment_number("chimera perft turtle-shell 6   # 609324 (Ko)").as_deref(),
        Some("609324")
    );
    assert_eq!(
        comment_number("chimera moves x   # Black's 8 replies"),
        None
    );
    assert!(contains_number("nodes: 609324\n", "609324"));
    assert!(!contains_number("nodes: 6093240\n", "609324"));
    assert!(runnable("printf 'quit\\n' | chimera engine"));
}
