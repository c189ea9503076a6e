#include "evolution/tuning/measures/evalfit/fit_key.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>

namespace mf::tuning {

namespace {

bool validName(std::string_view name) {
    return !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
    });
}

bool validDigest(std::string_view digest) {
    return !digest.empty() && digest.find_first_of(" =\t\r\n") == std::string_view::npos;
}

}  // namespace

void FitKey::add(std::string name, std::string digest) {
    for (FitKeyPart& p : parts_)
        if (p.name == name) {
            p.digest = std::move(digest);
            return;
        }
    parts_.push_back({std::move(name), std::move(digest)});
}

const std::string* FitKey::part(std::string_view name) const {
    for (const FitKeyPart& p : parts_)
        if (p.name == name) return &p.digest;
    return nullptr;
}

std::string FitKey::text() const {
    std::string text;
    for (const FitKeyPart& p : parts_) text += (text.empty() ? "" : " ") + p.name + "=" + p.digest;
    return text;
}

Result<FitKey> FitKey::parse(std::string_view text) {
    FitKey key;
    std::size_t at = 0;
    while (at < text.size()) {
        const std::size_t end = std::min(text.find(' ', at), text.size());
        const std::string_view word = text.substr(at, end - at);
        at = end + 1;
        if (word.empty()) continue;
        const std::size_t equals = word.find('=');
        if (equals == std::string_view::npos || !validName(word.substr(0, equals)) ||
            !validDigest(word.substr(equals + 1)))
            return Error{"fit key: expected name=digest, got '" + std::string(word) + "'"};
        key.add(std::string(word.substr(0, equals)), std::string(word.substr(equals + 1)));
    }
    if (key.empty()) return Error{"fit key: no part"};
    return key;
}

std::vector<std::string> differingParts(const FitKey& saved, const FitKey& now) {
    std::vector<std::string> names;
    for (const FitKeyPart& p : now.parts()) {
        const std::string* before = saved.part(p.name);
        if (!before || *before != p.digest) names.push_back(p.name);
    }
    for (const FitKeyPart& p : saved.parts())
        if (!now.part(p.name)) names.push_back(p.name);
    return names;
}

std::string textDigest(std::string_view text) {
    std::uint64_t hash = 0xcbf29ce484222325ULL;
    for (char c : text) {
        hash ^= static_cast<std::uint8_t>(c);
        hash *= 0x100000001b3ULL;
    }
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(hash));
    return hex;
}

}  // namespace mf::tuning
