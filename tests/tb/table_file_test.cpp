// Cache files: written once, loaded later; truncated or corrupted files are detected by their
// checksum or size and regenerated, never trusted.
#include "engine/attacks.h"
#include "engine/tb/table_file.h"
#include "engine/tb/tablebases.h"
#include "tb_test_util.h"

#include <gtest/gtest.h>

#include <fstream>

using namespace mf;
using namespace mf::tb;

namespace {

std::vector<TableEvent> requireWithEvents(const std::filesystem::path& dir, const char* name) {
    std::vector<TableEvent> events;
    Tablebases tables(dir);
    tables.setListener([&](const TableEvent& e) { events.push_back(e); });
    EXPECT_TRUE(tables.require(name)) << name;
    return events;
}

} // namespace

TEST(TableFile, WrittenOnceThenLoaded) {
    attacks::init();
    const auto dir = test::scratchDirectory("file");
    auto first = requireWithEvents(dir, "KRK");
    ASSERT_EQ(first.size(), 1u);
    EXPECT_TRUE(first[0].generated);
    EXPECT_NE(first[0].note.find("cannot open"), std::string::npos) << first[0].note;
    EXPECT_EQ(first[0].bytes, 32 + 2 * 462u * 62);
    auto second = requireWithEvents(dir, "KRK");
    ASSERT_EQ(second.size(), 1u);
    EXPECT_FALSE(second[0].generated) << second[0].note;
    std::filesystem::remove_all(dir);
}

TEST(TableFile, CorruptOrTruncatedFilesAreRegenerated) {
    attacks::init();
    const auto dir = test::scratchDirectory("corrupt");
    requireWithEvents(dir, "KQK");
    const auto file = tableFilePath(dir, "KQK");
    const auto size = std::filesystem::file_size(file);
    const auto spec = makeTableSpec("KQK");
    std::string error;
    const auto good = readTableFile(*spec, file, &error);
    ASSERT_TRUE(good) << error;

    {   // flip one value byte
        std::fstream f(file, std::ios::in | std::ios::out | std::ios::binary);
        f.seekp(std::streamoff(size / 2));
        f.put(char(0x77));
    }
    EXPECT_FALSE(readTableFile(*spec, file, &error));
    EXPECT_NE(error.find("checksum mismatch"), std::string::npos) << error;
    EXPECT_NE(error.find("KQK.mftb"), std::string::npos) << error;
    auto events = requireWithEvents(dir, "KQK");
    ASSERT_EQ(events.size(), 1u);
    EXPECT_TRUE(events[0].generated);
    EXPECT_NE(events[0].note.find("checksum"), std::string::npos);
    const auto regenerated = readTableFile(*spec, file, &error);
    ASSERT_TRUE(regenerated) << error;
    EXPECT_EQ(regenerated->values, good->values);

    std::filesystem::resize_file(file, size - 10);
    EXPECT_FALSE(readTableFile(*spec, file, &error));
    EXPECT_NE(error.find("truncated"), std::string::npos) << error;
    events = requireWithEvents(dir, "KQK");
    ASSERT_EQ(events.size(), 1u);
    EXPECT_TRUE(events[0].generated);
    EXPECT_EQ(std::filesystem::file_size(file), size);

    std::filesystem::resize_file(file, 5);
    EXPECT_FALSE(readTableFile(*spec, file, &error));
    EXPECT_NE(error.find("header"), std::string::npos) << error;

    // Another table's file under this name.
    requireWithEvents(dir, "KRK");
    std::filesystem::copy_file(tableFilePath(dir, "KRK"), file, std::filesystem::copy_options::overwrite_existing);
    EXPECT_FALSE(readTableFile(*spec, file, &error));
    EXPECT_NE(error.find("another table"), std::string::npos) << error;
    std::filesystem::remove_all(dir);
}
