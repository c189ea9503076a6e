#include "evolution/ga/chromosome.h"
#include "evolution/ga/gray.h"

#include <gtest/gtest.h>

#include <bit>

namespace mf::ga {
namespace {

// Every width a term may use, every value of it: Gray round trip, one-bit steps, bit strings.
TEST(Gray, ExhaustiveRoundTripAndOneBitStepsForEveryWidth) {
    for (int width = kMinBits; width <= kMaxBits; ++width) {
        const std::uint64_t count = std::uint64_t{1} << width;
        for (std::uint64_t n = 0; n < count; ++n) {
            const std::uint64_t g = binaryToGray(n);
            ASSERT_LT(g, count) << "width " << width;
            ASSERT_EQ(grayToBinary(g), n) << "width " << width;
            if (n + 1 < count) {
                ASSERT_EQ(std::popcount(g ^ binaryToGray(n + 1)), 1) << "width " << width << " n " << n;
            }
            const std::string bits = toBitString(g, width);
            ASSERT_EQ(bits.size(), static_cast<std::size_t>(width));
            ASSERT_EQ(parseBitString(bits), g);
        }
    }
}

// The same through a chromosome field: encode(value) then decode gives the value back for every
// value of the window, and the bits are the Gray code of the index.
TEST(Gray, ChromosomeFieldEncodeDecodeForEveryWidth) {
    for (int width = kMinBits; width <= kMaxBits; ++width) {
        const Genome genome({Term{"pad", "Pad", 0, 3}, Term{"t", "T", 1000, width}});
        const Term& t = genome[1];
        const std::uint64_t count = std::uint64_t{1} << width;
        for (std::uint64_t index = 0; index < count; ++index) {
            const int value = t.valueAt(index);
            const Chromosome c = encode(genome, {5, value});
            ASSERT_EQ(decodeTerm(genome, c, 1), value) << "width " << width;
            ASSERT_EQ(decodeTerm(genome, c, 0), 5);
            ASSERT_EQ(c.toString().substr(3), toBitString(binaryToGray(index), width));
        }
    }
}

TEST(Gray, KnownCodes) {
    EXPECT_EQ(binaryToGray(0), 0U);
    EXPECT_EQ(binaryToGray(1), 1U);
    EXPECT_EQ(binaryToGray(2), 3U);
    EXPECT_EQ(binaryToGray(3), 2U);
    EXPECT_EQ(binaryToGray(7), 4U);
    EXPECT_EQ(binaryToGray(250), 135U);  // 11111010 -> 10000111
    EXPECT_EQ(grayToBinary(0xFFFFFFFFFFFFFFFFULL), 0xAAAAAAAAAAAAAAAAULL);  // 64-bit fold
}

TEST(Gray, ShortestForms) {
    EXPECT_EQ(shortestBitString(0), "0");
    EXPECT_EQ(shortestBitString(1), "1");
    EXPECT_EQ(shortestBitString(10), "1010");
    const GrayForms f = grayForms(10);
    EXPECT_EQ(f.binary, "1010");
    EXPECT_EQ(f.gray, "1111");
    EXPECT_EQ(grayForms(0).gray, "0");
    EXPECT_EQ(grayForms(250).gray, "10000111");
    const auto back = fromGrayString("1111");
    ASSERT_TRUE(back);
    EXPECT_EQ(back->value, 10U);
    EXPECT_EQ(back->binary, "1010");
    // Leading zeros in the input are accepted; the forms shown are the shortest.
    EXPECT_EQ(fromGrayString("0001111")->gray, "1111");
    EXPECT_FALSE(fromGrayString(""));
    EXPECT_FALSE(fromGrayString("10201"));
    EXPECT_FALSE(parseBitString(std::string(65, '1')));
    EXPECT_EQ(parseBitString(std::string(64, '1')), 0xFFFFFFFFFFFFFFFFULL);
}

} // namespace
} // namespace mf::ga
