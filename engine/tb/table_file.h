// The on-disk form of a table: a fixed header, then the values for white to move and for black to
// move. The header carries the table name, the entry count and a 64-bit FNV-1a checksum of the
// values, so a truncated, foreign or corrupted file is recognised and never trusted.
#pragma once

#include "engine/tb/table.h"

#include <filesystem>
#include <memory>
#include <string>

namespace mf::tb {

// 2: positions whose every move leaves the table are decided (version 1 drew some of them).
constexpr std::uint32_t TableFileVersion = 2;

std::uint64_t checksum(const std::uint8_t* data, std::size_t size);

std::filesystem::path tableFilePath(const std::filesystem::path& directory, const std::string& name);

// Writes to a temporary file first and renames it, so a reader never sees half a table.
// Returns an empty string on success, else a message naming the file.
std::string writeTableFile(const Table& table, const std::filesystem::path& file);

// Loads the table for spec from file; on any defect returns nullptr and a message in *error
// naming the file and what is wrong (missing, short, wrong name/size/version, checksum).
std::unique_ptr<Table> readTableFile(const TableSpec& spec, const std::filesystem::path& file, std::string* error);

} // namespace mf::tb
