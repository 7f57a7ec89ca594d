// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC2981} from "@openzeppelin/contracts/interfaces/IERC2981.sol";

/// @notice The split of a sale (platform fee, royalty), written once for the market's sales and
///         the offers contract's acceptances so both split a payment the same way. Internal, so
///         it is inlined: the buy path pays nothing for sharing it.
library SaleSplit {
    /// @dev Royalty may not exceed 10 % of the sale.
    uint256 internal constant MAX_ROYALTY_PERCENT = 10;
    /// @dev Royalty rates are percent x 100.
    uint256 internal constant ROYALTY_RATE_DENOMINATOR = 10_000;

    /// @dev fee = gross x numerator / denominator, rounded down (rounding favours the seller).
    function fee(uint256 gross, uint256 numerator, uint256 denominator) internal pure returns (uint256) {
        return gross * numerator / denominator;
    }

    /// @dev Royalty of a rate set on the market (percent x 100, at most 10 %), rounded down.
    function rateRoyalty(uint256 gross, uint256 rate) internal pure returns (uint256) {
        return gross * rate / ROYALTY_RATE_DENOMINATOR;
    }

    /// @dev The collection's ERC-2981 royalty, capped at MAX_ROYALTY_PERCENT (a collection that
    ///      does not answer, or answers the zero address, pays none).
    function erc2981Royalty(address nft, uint256 tokenId, uint256 gross)
        internal
        view
        returns (address receiver, uint256 amount)
    {
        (bool ok, bytes memory data) = nft.staticcall(abi.encodeCall(IERC2981.royaltyInfo, (tokenId, gross)));
        if (!ok || data.length < 64) return (address(0), 0);
        (receiver, amount) = abi.decode(data, (address, uint256));
        if (receiver == address(0)) return (address(0), 0);
        uint256 cap = gross * MAX_ROYALTY_PERCENT / 100;
        if (amount > cap) amount = cap;
    }
}
