// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {SignedOrderEventsAndErrors} from "./SignedOrderEventsAndErrors.sol";

/// @title OffersEventsAndErrors
/// @notice Every event and custom error of the offers contract (Offers.sol), its own and the
///         ones it shares with the other signed orders.
interface OffersEventsAndErrors is SignedOrderEventsAndErrors {
    /// @notice `seller` sold `units` of `tokenId` to the offer `orderHash` of `offerer`:
    ///         price x units paid in `coin`, of which `fee` to the fee address and `royalty` to
    ///         `royaltyReceiver`; `filled` is the offer's total filled units now.
    event OfferAccepted(
        bytes32 indexed orderHash,
        address indexed offerer,
        address indexed seller,
        address collection,
        uint256 tokenId,
        uint256 units,
        address coin,
        uint256 pricePerUnit,
        uint256 fee,
        uint256 royalty,
        address royaltyReceiver,
        uint256 filled
    );
    /// @notice `offerer` cancelled its offer `orderHash`.
    event OfferCancelled(address indexed offerer, bytes32 indexed orderHash);
    /// @notice `offerer` bumped its counter to `counter`: every offer it signed before is void.
    event CounterIncremented(address indexed offerer, uint256 counter);

    /// @notice The offer can be accepted from `start` (unix seconds).
    error OfferNotStarted(uint256 start);
    /// @notice The offer could be accepted until `end` (exclusive).
    error OfferExpired(uint256 end);
    /// @notice The offer carries counter `signed`; its offerer's counter is `current` now.
    error CounterBumped(uint256 signed, uint256 current);
    /// @notice An item offer is for another token than `tokenId`.
    error TokenNotInOffer(uint256 tokenId);
    /// @notice The proof does not show `tokenId` in the trait offer's set.
    error TokenNotInTraitSet(uint256 tokenId);
    /// @notice The offerer cannot accept its own offer.
    error SellerIsOfferer();
    /// @notice The offerer cancelled the offer `orderHash`.
    error OfferCancelledError(bytes32 orderHash);
    /// @notice Only `remaining` units of the offer are left, fewer than `units`.
    error ExceedsRemaining(uint256 remaining, uint256 units);
    /// @notice `coin` did not unwrap to exactly the AIA asked (acceptOfferForAIA).
    error UnwrapFailed(address coin);
}
