#include "engine/tb/table_file.h"

#include <array>
#include <cstring>
#include <fstream>
#include <string>
#include <system_error>
#include <unistd.h>

namespace mf::tb {

namespace {

constexpr std::array<char, 4> Magic = {'M', 'F', 'T', 'B'};

struct Header {
    std::array<char, 4> magic{};
    std::uint32_t version = 0;
    std::array<char, 8> name{};
    std::uint64_t entries = 0;  // per side to move
    std::uint64_t checksum = 0; // of both value arrays, white's first
};
static_assert(sizeof(Header) == 32);

std::uint64_t fnvStep(std::uint64_t h, const std::uint8_t* data, std::size_t size) {
    for (std::size_t i = 0; i < size; ++i) {
        h ^= data[i];
        h *= 0x100000001B3ULL;
    }
    return h;
}

constexpr std::uint64_t FnvOffset = 0xCBF29CE484222325ULL;

std::uint64_t tableChecksum(const Table& t) {
    std::uint64_t h = FnvOffset;
    for (const auto& v : t.values) h = fnvStep(h, v.data(), v.size());
    return h;
}

std::array<char, 8> nameField(const std::string& name) {
    std::array<char, 8> out{};
    std::memcpy(out.data(), name.data(), std::min(name.size(), out.size()));
    return out;
}

} // namespace

std::uint64_t checksum(const std::uint8_t* data, std::size_t size) { return fnvStep(FnvOffset, data, size); }

std::filesystem::path tableFilePath(const std::filesystem::path& directory, const std::string& name) {
    return directory / (name + ".mftb");
}

std::string writeTableFile(const Table& table, const std::filesystem::path& file) {
    std::error_code ec;
    std::filesystem::create_directories(file.parent_path(), ec);
    if (ec) return file.parent_path().string() + ": cannot create directory: " + ec.message();
    Header h;
    h.magic = Magic;
    h.version = TableFileVersion;
    h.name = nameField(table.spec().name);
    h.entries = table.index.size();
    h.checksum = tableChecksum(table);
    // Several engine processes may generate the same table at once (a pool starting on a fresh
    // machine): each writes its own temporary file, and the last rename wins with a whole file.
    const std::filesystem::path temp = file.string() + "." + std::to_string(::getpid()) + ".tmp";
    {
        std::ofstream out(temp, std::ios::binary | std::ios::trunc);
        if (!out) return temp.string() + ": cannot open for writing";
        out.write(reinterpret_cast<const char*>(&h), sizeof h);
        for (const auto& v : table.values) out.write(reinterpret_cast<const char*>(v.data()), std::streamsize(v.size()));
        if (!out) return temp.string() + ": write failed";
    }
    std::filesystem::rename(temp, file, ec);
    if (ec) return file.string() + ": cannot rename from " + temp.string() + ": " + ec.message();
    return {};
}

std::unique_ptr<Table> readTableFile(const TableSpec& spec, const std::filesystem::path& file, std::string* error) {
    auto fail = [&](const std::string& why) -> std::unique_ptr<Table> {
        if (error) *error = file.string() + ": " + why;
        return nullptr;
    };
    std::ifstream in(file, std::ios::binary);
    if (!in) return fail("cannot open");
    Header h;
    in.read(reinterpret_cast<char*>(&h), sizeof h);
    if (in.gcount() != std::streamsize(sizeof h)) return fail("shorter than its 32-byte header");
    if (h.magic != Magic) return fail("not a MateFind table (bad magic bytes)");
    if (h.version != TableFileVersion)
        return fail("format version " + std::to_string(h.version) + ", expected " + std::to_string(TableFileVersion));
    if (h.name != nameField(spec.name)) return fail("header names another table than " + spec.name);
    if (h.entries != spec.size)
        return fail("holds " + std::to_string(h.entries) + " entries per side, expected " + std::to_string(spec.size));
    auto table = std::make_unique<Table>(spec);
    for (auto& v : table->values) {
        v.resize(spec.size);
        in.read(reinterpret_cast<char*>(v.data()), std::streamsize(v.size()));
        if (std::uint64_t(in.gcount()) != spec.size) return fail("truncated (values missing)");
    }
    if (in.peek() != std::char_traits<char>::eof()) return fail("has trailing bytes after the values");
    if (tableChecksum(*table) != h.checksum) return fail("checksum mismatch (corrupted)");
    return table;
}

} // namespace mf::tb
