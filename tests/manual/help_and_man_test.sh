#!/usr/bin/env bash
# End to end checks of matefind-cli's manual: `help COMMAND` prints the command's page with its
# options, every command has a page, the man pages the build wrote are valid roff that man shows,
# and `cmake --install` puts them into share/man/man1.
#
#   help_and_man_test.sh CASE MATEFIND_CLI BUILD_DIR SOURCE_DIR
# Exit 0 passed, 1 failed, 77 skipped (a tool the case needs is missing).
set -euo pipefail
# In a pipe grep reads all its input (no -q): with pipefail, a writer cut off by grep -q's early
# exit (SIGPIPE) would fail the check at random.
case_name=$1 cli=$2 build=$3 source=$4
man_dir=$build/share/man/man1
pages_dir=$source/docs/commands

fail() {
  echo "FAIL: $*" >&2
  exit 1
}

# The registered commands, from `matefind-cli help`'s list (the lines after "commands:").
commands() {
  local list
  list=$("$cli" help)
  awk '/^commands:/ { listing = 1; next } listing && /^  [a-z]/ { print $1 } listing && /^$/ { exit }' <<<"$list"
}

# The page names of docs/commands: every *.md but README.md.
pages() {
  for page in "$pages_dir"/*.md; do
    name=$(basename "$page" .md)
    [[ $name == README ]] || echo "$name"
  done
}

case $case_name in
help-tune)
  out=$("$cli" help tune)
  list=$("$cli" help)
  summary=$(awk '$1 == "tune" { $1 = ""; sub(/^ +/, ""); print; exit }' <<<"$list")
  [[ -n $summary ]] || fail "tune is not in matefind-cli help's list"
  head -1 <<<"$out" | grep -xF "matefind-cli tune - $summary" >/dev/null || fail "first line is not 'matefind-cli tune - $summary': $(head -1 <<<"$out")"
  for section in SYNOPSIS DESCRIPTION OPTIONS EXAMPLES "SEE ALSO"; do
    grep -qx "$section" <<<"$out" || fail "no $section section in: $out"
  done
  # A sentence of docs/commands/tune.md (wrapped differently in the terminal: compare words).
  words=$(tr -s ' \n' ' ' <<<"$out")
  grep -qF "Tunes an engine's evaluation weights with a genetic algorithm and writes the run" <<<"$words" ||
    fail "the description of docs/commands/tune.md is missing"
  # Every option line of `tune --help` appears, in the Options section.
  options=$(sed -n '/^OPTIONS$/,/^[A-Z][A-Z ]*$/p' <<<"$out")
  count=0
  while IFS= read -r line; do
    [[ $line =~ ^\ \ -- ]] || continue
    grep -qF -- "    $line" <<<"$options" || fail "option line missing from OPTIONS: $line"
    count=$((count + 1))
  done < <("$cli" tune --help)
  ((count > 10)) || fail "tune --help listed only $count options"
  # `matefind-cli help` with an unknown command is a usage error.
  if "$cli" help no-such-command 2>/dev/null; then fail "help no-such-command succeeded"; fi
  echo "help tune: the page and $count option lines"
  ;;
every-command-has-a-page)
  mapfile -t registered < <(commands)
  ((${#registered[@]} > 5)) || fail "found only ${#registered[@]} commands in matefind-cli help"
  for command in "${registered[@]}"; do
    [[ $command == help ]] && continue
    [[ -f $pages_dir/$command.md ]] || fail "the command '$command' has no page docs/commands/$command.md"
    page_text=$("$cli" help "$command")
    if grep -q "no manual page yet" <<<"$page_text"; then fail "help $command says it has no page"; fi
    grep -qF "($command.md)" "$pages_dir/matefind-cli.md" || fail "docs/commands/matefind-cli.md does not link $command.md"
  done
  for page in $(pages); do
    [[ $page == matefind-cli ]] && continue
    printf '%s\n' "${registered[@]}" | grep -x "$page" >/dev/null || fail "docs/commands/$page.md names no command of matefind-cli"
    head -1 "$pages_dir/$page.md" | grep -x "# matefind-cli $page" >/dev/null || fail "docs/commands/$page.md does not start with '# matefind-cli $page'"
  done
  echo "every one of ${#registered[@]} commands has its page"
  ;;
man-pages-are-valid-roff)
  command -v groff >/dev/null || { echo "SKIP: groff is missing (Debian package groff-base)"; exit 77; }
  expected=0
  for page in $(pages); do
    expected=$((expected + 1))
    file=$man_dir/matefind-cli-$page.1
    [[ $page == matefind-cli ]] && file=$man_dir/matefind-cli.1
    [[ -s $file ]] || fail "the build did not write $file"
    # -ww: every warning; -z: format only. Any warning is a defect of the page or the renderer.
    warnings=$(groff -man -Tutf8 -ww -z "$file" 2>&1) || fail "groff failed on $file: $warnings"
    [[ -z $warnings ]] || fail "groff warns on $file: $warnings"
  done
  found=$(find "$man_dir" -name '*.1' | wc -l)
  ((found == expected)) || fail "$man_dir holds $found pages, docs/commands $expected"
  if command -v man >/dev/null; then
    shown=$(MANWIDTH=80 man -l "$man_dir/matefind-cli-tune.1" 2>&1 | col -b 2>/dev/null || true)
    grep -q "matefind-cli-tune - " <<<"$shown" || fail "man -l does not show the NAME line: $shown"
    grep -q "^SYNOPSIS" <<<"$shown" || fail "man -l shows no SYNOPSIS: $shown"
    grep -q -- "--population" <<<"$shown" || fail "man -l shows no --population option"
  fi
  echo "$found man pages, no groff warning"
  ;;
install-puts-them-in-share-man)
  prefix=$(mktemp -d)
  trap 'rm -rf "$prefix"' EXIT
  cmake --install "$build" --component manpages --prefix "$prefix" >/dev/null
  for page in $(pages); do
    file=$prefix/share/man/man1/matefind-cli-$page.1
    [[ $page == matefind-cli ]] && file=$prefix/share/man/man1/matefind-cli.1
    [[ -s $file ]] || fail "cmake --install did not install $file"
  done
  echo "installed into $prefix/share/man/man1: $(ls "$prefix/share/man/man1" | tr '\n' ' ')"
  ;;
*)
  fail "unknown case $case_name"
  ;;
esac
