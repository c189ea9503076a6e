#include "engine/tb/tablebases.h"

#include "engine/tb/generator.h"
#include "engine/tb/table_file.h"

#include <chrono>
#include <ctime>
#include <algorithm>
#include <cstdlib>
#include <thread>

namespace mf::tb {

std::filesystem::path defaultCacheDirectory() {
    if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) return std::filesystem::path(xdg) / "matefind" / "tb";
    if (const char* home = std::getenv("HOME"); home && *home)
        return std::filesystem::path(home) / ".cache" / "matefind" / "tb";
    return std::filesystem::path("matefind-tb");
}

std::vector<MaterialKey> successorMaterials(const TableSpec& spec) {
    std::vector<MaterialKey> out;
    auto add = [&](MaterialKey k) {
        if (k != 0 && std::find(out.begin(), out.end(), k) == out.end()) out.push_back(k);
    };
    for (Piece p : spec.slots) {
        add(spec.key - materialBit(p)); // captured
        if (typeOf(p) == Pawn)
            for (PieceType t : {Queen, Rook, Bishop, Knight}) {
                add(spec.key - materialBit(p) + materialBit(makePiece(colorOf(p), t)));
                // promotion by capturing the other piece
                for (Piece q : spec.slots)
                    if (colorOf(q) != colorOf(p))
                        add(spec.key - materialBit(p) - materialBit(q) + materialBit(makePiece(colorOf(p), t)));
            }
    }
    return out;
}

bool toTablePlacement(const TableSpec& spec, const TbBoard& b, Placement& out, Color& stm) {
    const MaterialKey key = b.material();
    bool swap = false;
    if (key == spec.key) swap = false;
    else if (key == spec.flippedKey) swap = true;
    else return false;
    auto square = [&](Square s) { return swap && spec.hasPawns ? flipRank(s) : s; };
    auto piece = [&](Piece p) { return swap ? makePiece(~colorOf(p), typeOf(p)) : p; };
    stm = swap ? ~b.stm : b.stm;
    bool used[MaxTablePieces] = {};
    for (int i = 0; i < b.count; ++i)
        if (typeOf(b.pc[i]) == King) {
            (colorOf(piece(b.pc[i])) == White ? out.whiteKing : out.blackKing) = square(b.sq[i]);
            used[i] = true;
        }
    for (std::size_t k = 0; k < spec.slots.size(); ++k) {
        bool found = false;
        for (int i = 0; i < b.count && !found; ++i)
            if (!used[i] && piece(b.pc[i]) == spec.slots[k]) {
                out.slot[k] = square(b.sq[i]);
                used[i] = found = true;
            }
        if (!found) return false;
    }
    return true;
}

Tablebases::Tablebases(std::filesystem::path directory)
    : directory_(std::move(directory)), threads_(int(std::max(1u, std::thread::hardware_concurrency()))) {}

const Table* Tablebases::require(std::string_view name, std::string* error) {
    const auto spec = makeTableSpec(name, error);
    if (!spec) return nullptr;
    std::lock_guard lock(mutex_);
    return requireLocked(*spec, true);
}

void Tablebases::requireAll() {
    for (const std::string& name : standardTables()) require(name);
}

const Table* Tablebases::requireLocked(const TableSpec& spec, bool generate) {
    if (auto it = tables_.find(spec.name); it != tables_.end()) return it->second.get();
    if (generate)
        for (MaterialKey k : successorMaterials(spec)) {
            const auto child = makeTableSpec(tableFor(k).name);
            if (child) requireLocked(*child, true);
        }
    TableEvent event;
    event.name = spec.name;
    event.entries = 2 * spec.size;
    const auto file = tableFilePath(directory_, spec.name);
    const auto start = std::chrono::steady_clock::now();
    const std::clock_t cpuStart = std::clock();
    std::string why;
    std::unique_ptr<Table> table = readTableFile(spec, file, &why);
    if (!table && !generate) return nullptr;
    if (!table) {
        event.note = why;
        event.generated = true;
        table = generateTable(spec, [this](const TbBoard& b) { return lookup(b); }, threads_);
        if (std::string err = writeTableFile(*table, file); !err.empty()) event.note += "; " + err;
    }
    event.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    event.cpuSeconds = double(std::clock() - cpuStart) / CLOCKS_PER_SEC;
    std::error_code ec;
    event.bytes = std::filesystem::file_size(file, ec);
    if (ec) event.bytes = 0;
    const Table* raw = table.get();
    byKey_[spec.key] = raw;
    byKey_[spec.flippedKey] = raw;
    tables_[spec.name] = std::move(table);
    if (listener_) listener_(event);
    return raw;
}

const Table* Tablebases::loadIfPresent(std::string_view name) {
    const auto spec = makeTableSpec(name);
    if (!spec) return nullptr;
    std::lock_guard lock(mutex_);
    return requireLocked(*spec, false);
}

const Table* Tablebases::find(MaterialKey key) const {
    const auto it = byKey_.find(key);
    return it == byKey_.end() ? nullptr : it->second;
}

std::vector<std::string> Tablebases::loadedNames() const {
    std::lock_guard lock(mutex_);
    std::vector<std::string> out;
    for (const auto& [name, table] : tables_) out.push_back(name);
    return out;
}

Value Tablebases::lookup(const TbBoard& b) const {
    const MaterialKey key = b.material();
    if (key == 0) return value::Draw;
    const Table* table = find(key);
    if (!table) return value::Unknown;
    Placement p;
    Color stm;
    if (!toTablePlacement(table->spec(), b, p, stm)) return value::Unknown;
    return table->values[stm][table->index.index(p)];
}

std::optional<ProbeResult> Tablebases::probe(const TbBoard& b) const {
    const Value v = lookup(b);
    if (v == value::Unknown || v == value::Invalid) return std::nullopt;
    return toProbeResult(v);
}

} // namespace mf::tb
