#pragma once
// A chromosome: the concatenation of one Gray-coded field per genome term, most significant bit
// of each field first.
#include "evolution/ga/genome.h"
#include "evolution/ga/rng.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mf::ga {

class Chromosome {
public:
    Chromosome() = default;
    explicit Chromosome(std::size_t length) : bits_(length, 0) {}

    std::size_t size() const { return bits_.size(); }
    bool operator[](std::size_t i) const { return bits_[i] != 0; }
    void set(std::size_t i, bool bit) { bits_[i] = bit ? 1 : 0; }
    void flip(std::size_t i) { bits_[i] ^= 1; }

    std::string toString() const;                                       // "0110..."
    static std::optional<Chromosome> fromString(std::string_view bits);  // only '0'/'1'

    static Chromosome random(std::size_t length, Rng& rng);  // one draw per bit

    friend bool operator==(const Chromosome&, const Chromosome&) = default;

private:
    std::vector<std::uint8_t> bits_;
};

std::size_t hammingDistance(const Chromosome& a, const Chromosome& b);

// Gray field of term i -> the term's value, for every term. Requires c.size() == genome.length().
std::vector<int> decode(const Genome& genome, const Chromosome& c);
int decodeTerm(const Genome& genome, const Chromosome& c, std::size_t term);
// Values -> chromosome (each value clamped into its term's window). values.size() == genome.size().
Chromosome encode(const Genome& genome, const std::vector<int>& values);

} // namespace mf::ga
