// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {SignedOrderEventsAndErrors} from "./SignedOrderEventsAndErrors.sol";

/// @title ListingsTermsEventsAndErrors
/// @notice The fees and royalties the signed-listings contract collects (lib/ListingsTerms.sol).
interface ListingsTermsEventsAndErrors {
    /// @notice The platform fees collected in `coin` (zero: AIA), `amount`, went to the fee address `to`.
    event FeesWithdrawn(address indexed coin, address indexed to, uint256 amount);
    /// @notice The AIA royalties collected for `collection`, `amount`, went to its receiver `to`.
    event RoyaltiesWithdrawn(address indexed collection, address indexed to, uint256 amount);

    /// @notice The fees collected in `coin` would pass 2^128 base units.
    error FeesOverflow(address coin);
}

/// @title ListingsEventsAndErrors
/// @notice Every event and custom error of the signed-listings contract (Listings.sol), its own
///         and the ones it shares with the other signed orders.
/// @dev A refused fill reverts a single buy with the error itself; a sweep skips the item and
///      names the same error's selector in SweepItemSkipped, so these refusals carry no arguments.
interface ListingsEventsAndErrors is SignedOrderEventsAndErrors, ListingsTermsEventsAndErrors {
    /// @notice `buyer` bought `units` of `tokenId` from the listing `orderHash` of `seller`:
    ///         price x units paid in `coin`, of which `fee` for the fee address and `royalty` for
    ///         `royaltyReceiver`; `filled` is the listing's total filled units now.
    event ListingFilled(
        bytes32 indexed orderHash,
        address indexed seller,
        address indexed buyer,
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
    /// @notice `seller` cancelled its listing `orderHash`.
    event ListingCancelled(address indexed seller, bytes32 indexed orderHash);
    /// @notice `seller` bumped its counter to `counter`: every listing it signed before is void.
    event CounterIncremented(address indexed seller, uint256 counter);
    /// @notice An on-chain market listing bought in a sweep for `buyer` (the market's own
    ///         MarketItemSold names this contract as buyer).
    event MarketItemSwept(uint256 indexed itemId, address indexed buyer, uint256 amount);
    /// @notice Sweep item `index` (signed fills first, then market buys) was not bought;
    ///         `reason` is the selector of the error a single buy would have raised.
    event SweepItemSkipped(uint256 index, bytes4 reason);

    /// @notice The listing cannot be bought before its start.
    error ListingNotStarted();
    /// @notice The listing's end has passed.
    error ListingExpired();
    /// @notice The seller bumped its counter since it signed the listing.
    error CounterBumped();
    /// @notice The seller cancelled the listing.
    error ListingCancelledError();
    /// @notice Fewer units of the listing are left than asked.
    error ExceedsRemaining();
    /// @notice The seller cannot buy its own listing.
    error BuyerIsSeller();
    /// @notice The NFT did not move (sold or moved by the seller, approval revoked), or an
    ///         ERC1155 arrived that no market buy of a sweep sent.
    error TransferFailed();
    /// @notice The market refused an on-chain listing's buy in a sweep (its skip reason).
    error MarketBuyFailed();
    /// @notice The AIA sent (`sent`) is not what the fill asks (`expected`), or not enough.
    error IncorrectPayment(uint256 expected, uint256 sent);
    /// @notice A sweep of `count` items: none, or more than MAX_SWEEP.
    error TooManyItems(uint256 count);
}
