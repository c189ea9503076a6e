#!/usr/bin/env python3
"""Writes engine/eval_defaults.cpp, the evaluation terms' defaults, from an options file of every term.

    build/release/bin/matefind-engine --options tuned.txt terms > terms.txt
    scripts/write-eval-defaults.py terms.txt "how the values were made" > engine/eval_defaults.cpp

`matefind-engine terms` writes the terms in slot order (eval_layout.h), which is the order of the
array; the engine's test EvalDefaults.* checks the names against the slots, so a file written from
another engine's layout does not build a wrong table silently.
"""
import sys


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    terms_file, provenance = sys.argv[1], sys.argv[2]
    rows = []
    with open(terms_file) as f:
        for number, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith('#'):
                continue
            name, sep, value = line.partition('=')
            if not sep:
                sys.exit(f"{terms_file}:{number}: not 'Name = value': {line}")
            try:
                rows.append((name.strip(), int(value)))
            except ValueError:
                sys.exit(f"{terms_file}:{number}: value: not a whole number: {value.strip()}")
    out = sys.stdout
    out.write('// The defaults of the evaluation terms (eval_layout.h slot order): written by\n')
    out.write('// scripts/write-eval-defaults.py from `matefind-engine terms`; do not edit by hand.\n')
    for line in provenance.splitlines():
        out.write(f'// {line}\n')
    out.write('#include "engine/eval_defaults.h"\n\nnamespace mf {\n\n')
    out.write('const std::array<int, layout::SlotCount>& defaultTermValues() {\n')
    out.write('    static constexpr std::array<int, layout::SlotCount> Values = {\n')
    for name, value in rows:
        out.write(f'        {value},  // {name}\n')
    out.write('    };\n    return Values;\n}\n\n')
    out.write('std::span<const std::string_view> defaultTermNames() {\n')
    out.write('    static constexpr std::string_view Names[] = {\n')
    for name, _ in rows:
        out.write(f'        "{name}",\n')
    out.write('    };\n    return Names;\n}\n\n}  // namespace mf\n')


if __name__ == '__main__':
    main()
