#include "evolution/suite/suite_entry.h"

#include <cstdio>

#include "engine/epd.h"
#include "engine/notation.h"

namespace mf::suite {

std::string suiteLine(const SuiteEntry& entry, const std::string& id) {
    EpdRecord record;
    record.positionFields = entry.position.epdFields();
    EpdOperation bm{"bm", {}};
    for (Move m : entry.best) bm.operands.push_back(toSan(entry.position, m));
    record.operations.push_back(bm);
    if (entry.ce) record.operations.push_back({"ce", {std::to_string(*entry.ce)}});
    if (entry.depth > 0) record.operations.push_back({"acd", {std::to_string(entry.depth)}});
    record.operations.push_back({"id", {id}});
    if (!entry.comment.empty()) record.operations.push_back({"c0", {entry.comment}});
    if (!entry.origin.empty()) record.operations.push_back({"c1", {entry.origin}});
    return record.toString();
}

std::string writeSuite(const std::vector<std::string>& header, const std::vector<SuiteEntry>& entries,
                       const std::string& idPrefix) {
    std::string out;
    for (const std::string& line : header) out += "# " + line + "\n";
    for (std::size_t i = 0; i < entries.size(); ++i) {
        char number[24];
        std::snprintf(number, sizeof number, "%03zu", i + 1);
        out += suiteLine(entries[i], idPrefix + "." + number) + "\n";
    }
    return out;
}

std::string shellQuote(const std::string& arg) {
    if (!arg.empty() && arg.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,+@%") ==
                            std::string::npos)
        return arg;
    std::string out = "'";
    for (char c : arg) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

}  // namespace mf::suite
