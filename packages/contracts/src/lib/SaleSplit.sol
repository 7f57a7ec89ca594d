// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice The platform fee of a sale, written once for the market's sales and the offers
///         contract's acceptances so both split a payment the same way. Internal, so it is
///         inlined: the buy path pays nothing for sharing it.
library SaleSplit {
    /// @dev fee = gross x numerator / denominator, rounded down (rounding favours the seller).
    function fee(uint256 gross, uint256 numerator, uint256 denominator) internal pure returns (uint256) {
        return gross * numerator / denominator;
    }
}
