#pragma once
// Start values (tune --start-values FILE): the genome's defaults replaced by values from a file,
// so a run starts from given weights without editing the genome. The file is an options file
// (engine/options_file.h: "Name = value" or "setoption name Name value v" lines, '#' comments,
// what `export --engine-options` writes) or NAME=VALUE lines, which read the same.
//
// A line names a term by its UCI option (case ignored, as UCI names) or by its display name.
// Each value becomes the term's default, exactly as editing "default" in the genome file would:
// a term whose window follows its default (no ceiling) is re-centred on it. Terms the file does
// not name keep their defaults. Refused, with the file, the line and the name: a name that is no
// term of the genome, a value that is not an integer or lies outside what the term allows (below
// its floor, above its ceiling), a term named twice.

#include <filesystem>
#include <string>
#include <string_view>

#include "engine/result.h"
#include "evolution/ga/genome.h"

namespace mf::tuning {

Result<ga::Genome> withStartValues(const ga::Genome& genome, std::string_view text, const std::string& fileName);
Result<ga::Genome> loadStartValues(const ga::Genome& genome, const std::filesystem::path& file);

}  // namespace mf::tuning
