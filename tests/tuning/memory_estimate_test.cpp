// The trace path's memory estimate (measures/evalfit/trace/memory_estimate.h): its arithmetic from the
// positions and the non-zeros a position, the gradient's own copy of the traces, and the refusal
// that names the estimate and the limit it passes.
#include <gtest/gtest.h>

#include "evolution/tuning/measures/evalfit/trace/trace_table.h"
#include "evolution/tuning/measures/evalfit/trace/memory_estimate.h"

namespace mf::tuning {
namespace {

TEST(MemoryEstimate, APositionCostsItsRowItsNonZerosItsIndexAndItsFitScore) {
    // A row of 50 non-zeros: 19 + 4 * 50 = 219 bytes, counted 19/16 of that (the heap's share,
    // measured): 260.0625; the index 1.125, the K fit 12.
    const MemoryEstimate once = estimateMemory(1'000'000, 100'000, 50.0, false);
    ASSERT_EQ(dataset::TraceTable::kRowBytes, 19u);
    EXPECT_EQ(once.bytesPerPosition(), 273u);
    EXPECT_EQ(once.bytes, kFixedRunBytes + 273'000'000u + 26'118'750u);
    // A stage that descends on the model keeps the data set's traces twice; the held-out once.
    const MemoryEstimate twice = estimateMemory(1'000'000, 100'000, 50.0, true);
    EXPECT_EQ(twice.bytesPerPosition(), 533u);
    EXPECT_EQ(twice.bytes, kFixedRunBytes + 533'000'000u + 26'118'750u);
    EXPECT_NE(twice.summary().find("1,000,000 positions x 533 bytes + 100,000 held-out x 261 bytes"), std::string::npos)
        << twice.summary();
    EXPECT_NE(twice.summary().find("50.0 traced non-zeros a position"), std::string::npos) << twice.summary();
}

TEST(MemoryEstimate, ARunPastTheLimitIsRefusedWithTheEstimateAndALimitAboveItPasses) {
    const MemoryEstimate estimate = estimateMemory(10'000'000, 0, 60.0, false);
    const auto refusal = memoryRefusal(estimate, 1024ull << 20);
    ASSERT_TRUE(refusal.has_value());
    EXPECT_NE(refusal->find("the run would need about " + bytesInWords(estimate.bytes)), std::string::npos) << *refusal;
    EXPECT_NE(refusal->find("10,000,000 positions x 320 bytes"), std::string::npos) << *refusal;
    EXPECT_NE(refusal->find("more than --max-memory 1.00 GB"), std::string::npos) << *refusal;
    EXPECT_FALSE(memoryRefusal(estimate, estimate.bytes).has_value());
    EXPECT_FALSE(memoryRefusal(estimate, estimate.bytes + 1).has_value());
    EXPECT_TRUE(memoryRefusal(estimate, estimate.bytes - 1).has_value());
}

TEST(MemoryEstimate, BytesInWords) {
    EXPECT_EQ(bytesInWords(750ull << 20), "750 MB");
    EXPECT_EQ(bytesInWords(5ull << 29), "2.50 GB");
}

}  // namespace
}  // namespace mf::tuning
