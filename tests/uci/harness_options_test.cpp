// The options MateFind picks for an engine from its announcements (uci/harness_options.h), on the
// option lines the Debian engines really print.
#include <gtest/gtest.h>

#include "evolution/uci/harness_options.h"

namespace mf::uci {
namespace {

EngineIdentity announcing(std::string name, const std::vector<std::string>& lines) {
    EngineIdentity identity;
    identity.name = std::move(name);
    for (const auto& line : lines) {
        auto option = parseOptionLine(line);
        EXPECT_TRUE(option.has_value()) << line;
        if (option) identity.options.push_back(*option);
    }
    return identity;
}

// Glaurung 2.2's own lines (two threads and a book by default, hash from 4 MB).
EngineIdentity glaurung() {
    return announcing("Glaurung 2.2", {"option name Threads type spin default 2 min 1 max 8",
                                       "option name Hash type spin default 32 min 4 max 4096",
                                       "option name OwnBook type check default true",
                                       "option name Ponder type check default true"});
}

std::string valueOf(const OptionValues& values, std::string_view name) {
    for (const auto& [n, v] : values)
        if (n == name) return v;
    return "<absent>";
}

TEST(HarnessOptions, OneThreadNoBookNoPonderingOnlyWhereTheDefaultDiffers) {
    const OptionValues out = harnessOptions(glaurung(), {}, {});
    EXPECT_EQ(valueOf(out, "Threads"), "1");
    EXPECT_EQ(valueOf(out, "OwnBook"), "false");
    EXPECT_EQ(valueOf(out, "Ponder"), "false");
    EXPECT_EQ(valueOf(out, "Hash"), "<absent>");  // kept unless the smallest is asked for
    EXPECT_EQ(out.size(), 3u);

    const EngineIdentity quiet = announcing("Quiet", {"option name Threads type spin default 1 min 1 max 8",
                                                      "option name OwnBook type check default false"});
    EXPECT_TRUE(harnessOptions(quiet, {}, {}).empty());
}

TEST(HarnessOptions, TogasThreadOptionAndTheSmallestHash) {
    const EngineIdentity toga = announcing("Toga II 3.0", {"option name Number of Threads type spin default 2 min 1 max 4",
                                                           "option name Hash type spin default 128 min 4 max 1024"});
    const OptionValues out = harnessOptions(toga, {}, {.tunerDefaults = true, .smallestHash = true});
    EXPECT_EQ(valueOf(out, "Number of Threads"), "1");
    EXPECT_EQ(valueOf(out, "Hash"), "4");
}

TEST(HarnessOptions, TheUsersValueWinsAndAMinimumAboveOneIsKept) {
    const OptionValues out = harnessOptions(glaurung(), {{"ownbook", "true"}, {"THREADS", "4"}}, {});
    EXPECT_EQ(valueOf(out, "OwnBook"), "<absent>");
    EXPECT_EQ(valueOf(out, "Threads"), "<absent>");
    EXPECT_EQ(valueOf(out, "Ponder"), "false");

    const EngineIdentity two = announcing("Two", {"option name Threads type spin default 4 min 2 max 8"});
    EXPECT_EQ(valueOf(harnessOptions(two, {}, {}), "Threads"), "2");
    EXPECT_TRUE(harnessOptions(glaurung(), {}, {.tunerDefaults = false}).empty());
}

TEST(HarnessOptions, TheThreadOptionAndItsCount) {
    struct Row {
        std::vector<std::string> lines;
        const char* name;  // nullptr: no thread option
        std::int64_t count;
    };
    const Row rows[] = {
        {{"option name Threads type spin default 2 min 1 max 8"}, "Threads", 1},                // Glaurung 2.2
        {{"option name Number of Threads type spin default 2 min 1 max 4"}, "Number of Threads", 1},  // Toga II
        {{"option name Threads type spin default 4 min 2 max 8"}, "Threads", 2},
        {{"option name threads type spin default 1 min 0 max 64"}, "threads", 1},
        {{"option name Threads type string default 1"}, nullptr, 0},
        {{"option name Hash type spin default 16 min 1 max 1024"}, nullptr, 0},
        {{"option name Threads type string default 1", "option name Number of Threads type spin default 1 min 1 max 4"},
         "Number of Threads", 1},
    };
    for (const Row& row : rows) {
        const EngineIdentity identity = announcing("Engine", row.lines);
        const auto threads = threadOption(identity);
        SCOPED_TRACE(row.lines.front());
        if (!row.name) {
            EXPECT_FALSE(threads);
            continue;
        }
        ASSERT_TRUE(threads);
        EXPECT_EQ(threads->option->name, row.name);
        EXPECT_EQ(threads->count, row.count);
    }
}

}  // namespace
}  // namespace mf::uci
