#pragma once
// The keys of a population file's header, [parameters] and [state] sections, one table per
// section. The writer writes each table's keys in its order, the reader parses a key with its
// entry, and the reader's final check wants every key of the three tables: a key added here is
// written, read and required at once. (Internal to mf_ga.)
#include "evolution/ga/evolution.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mf::ga {

template <class Target>
struct KeyRule {
    std::string_view name;
    std::string (*write)(const Target&);
    // Parses `value` into `target`; the reason when it cannot ("expected an integer, got 'x'").
    std::optional<std::string> (*read)(const std::string& value, Target& target);
    // A comment line the writer adds after the key, for the human reader (nullptr: none).
    std::string (*note)(const Target&) = nullptr;
};

// What the header declares: the format (checked) and its version.
struct FileHeader {
    int version;
};

const std::vector<KeyRule<FileHeader>>& headerKeys();
const std::vector<KeyRule<Parameters>>& parameterKeys();
const std::vector<KeyRule<RunState>>& stateKeys();

template <class Target>
const KeyRule<Target>* findKey(const std::vector<KeyRule<Target>>& keys, std::string_view name) {
    for (const KeyRule<Target>& key : keys)
        if (key.name == name)
            return &key;
    return nullptr;
}

} // namespace mf::ga
