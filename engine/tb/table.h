// A finished table: the index of its material and one value per entry and side to move.
#pragma once

#include "engine/tb/table_index.h"
#include "engine/tb/tb_value.h"

#include <array>
#include <vector>

namespace mf::tb {

struct Table {
    explicit Table(const TableSpec& spec) : index(spec) {}

    TableIndex index;
    std::array<std::vector<Value>, 2> values; // [side to move][index]

    const TableSpec& spec() const { return index.spec(); }
    Value at(Color stm, const Placement& p) const { return values[stm][index.index(p)]; }
};

} // namespace mf::tb
