#pragma once
// The README is the page a newcomer reads first, and it stays one they can read in minutes: at
// most 200 lines, the two commands that set up, build and test within its first 40 lines, and no
// table longer than 12 rows (a longer one belongs to a page of the manual or a report).

#include <string>
#include <string_view>
#include <vector>

namespace mf::docs {

struct ReadmeLimits {
    int maxLines = 200;
    int commandsWithin = 40;      // the lines the commands must appear in
    int maxTableRows = 12;        // body rows, header and delimiter row not counted
    std::vector<std::string> commands{"scripts/setup-and-run.sh", "scripts/test.sh"};
};

// What breaks the limits in a README's text, one message a problem, each naming its line when it
// has one ("line 89: a table of 31 rows (at most 12)"); empty when the text keeps them. Tables in
// fenced code blocks are code, not tables.
std::vector<std::string> readmeShapeProblems(std::string_view readme, const ReadmeLimits& limits = {});

}  // namespace mf::docs
