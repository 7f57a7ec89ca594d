// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {PullPaymentsEventsAndErrors} from "./PullPaymentsEventsAndErrors.sol";
import {Marketplace} from "../Marketplace.sol";

/// @title MarketEventsAndErrors
/// @notice Every event and custom error of the market (Marketplace.sol), its own and the pull
///         payments'. The enums they carry stay declared in Marketplace, so the ABI names them as
///         before (`enum Marketplace.ContractType`).
interface MarketEventsAndErrors is PullPaymentsEventsAndErrors {
    /// @notice `seller` listed `amount` of `tokenId` of `nftContract` at `price` per unit in `coin`
    ///         (zero: AIA) as item `itemId`.
    event MarketItemCreated(
        uint256 indexed itemId,
        address indexed nftContract,
        uint256 indexed tokenId,
        address seller,
        address coin,
        uint256 price,
        uint256 amount,
        Marketplace.ContractType contractType
    );
    /// @notice `buyer` bought `amount` of item `itemId` (`leftAmount` still for sale): price x
    ///         amount paid in `coin`, of which `fee` to the fee address and `royalty` to
    ///         `royaltyReceiver`, the rest to `seller`.
    event MarketItemSold(
        uint256 indexed itemId,
        address indexed nftContract,
        address indexed buyer,
        uint256 tokenId,
        address seller,
        address coin,
        uint256 price,
        uint256 amount,
        uint256 leftAmount,
        uint256 fee,
        uint256 royalty,
        address royaltyReceiver
    );
    /// @notice Item `itemId` was closed by `canceller` with `status` (Cancelled, or ForceCancelled
    ///         when a newer listing or anyone's clean-up of an invalid one closed it).
    event MarketItemCancelled(
        uint256 indexed itemId,
        address indexed nftContract,
        uint256 indexed tokenId,
        address seller,
        address canceller,
        Marketplace.ItemStatus status
    );
    /// @notice The seller changed item `itemId`'s price per unit from `oldPrice` to `newPrice`.
    event MarketItemPriceChanged(
        uint256 indexed itemId,
        address indexed nftContract,
        uint256 indexed tokenId,
        address seller,
        uint256 oldPrice,
        uint256 newPrice
    );
    /// @notice `setter` set the royalty of `nftContract` to `rate` (percent x 100) for `receiver`.
    event RoyaltyRateSet(address indexed nftContract, address indexed setter, address receiver, uint256 rate);
    /// @notice The platform fee is now numerator / denominator of a sale.
    event FeeSet(uint256 numerator, uint256 denominator);
    /// @notice Platform fees go to `feeAddress` from now on.
    event FeeAddressSet(address feeAddress);
    /// @notice The royalty rate denominator (fixed at 10,000), announced once at initialisation.
    event RoyaltyRateDenominatorSet(uint256 denominator);
    /// @notice Listings and buys in `coin` are allowed (or no longer).
    event CoinAllowed(address indexed coin, bool allowed);
    /// @notice `account` paused the market: no listing, buy or price change.
    event Paused(address account);
    /// @notice `account` lifted the pause.
    event Unpaused(address account);
    /// @notice The owner sent `amount` of `coin` that reached the market by mistake to `to`.
    event Withdrawn(address indexed coin, address indexed to, uint256 amount);
    /// @notice The offers contract the market keeps informed of its settings (zero: none).
    event OffersSet(address offers);
    /// @notice The signed-listings contract the market keeps informed of its settings (zero: none).
    event ListingsSet(address listings);

    /// @notice A price of zero.
    error InvalidPrice();
    /// @notice An amount of zero, or other than 1 for an ERC721.
    error InvalidAmount(uint256 amount);
    /// @notice An amount beyond what a listing stores (uint96).
    error AmountTooLarge(uint256 amount);
    /// @notice The market does not allow payments in `coin`.
    error CoinNotAllowed(address coin);
    /// @notice `nftContract` answers neither ERC721 nor ERC1155 through ERC-165.
    error UnsupportedContract(address nftContract);
    /// @notice The caller does not own `tokenId` of `nftContract`.
    error NotTokenOwner(address nftContract, uint256 tokenId);
    /// @notice The caller holds `held` units, fewer than the `amount` listed.
    error InsufficientHolding(uint256 held, uint256 amount);
    /// @notice The seller has not approved the market for `nftContract`.
    error MarketNotApproved(address nftContract);
    /// @notice Item `itemId` is not listed (sold, cancelled, or never was).
    error NotListed(uint256 itemId);
    /// @notice Item `itemId`'s price is not the one the buyer saw (its price hash changed).
    error PriceChanged(uint256 itemId);
    /// @notice Only `leftAmount` units are left, fewer than `amount`.
    error ExceedsLeftAmount(uint256 leftAmount, uint256 amount);
    /// @notice The seller cannot buy its own listing.
    error BuyerIsSeller();
    /// @notice Item `itemId` can no longer be bought (the seller sold, moved or un-approved it).
    error ListingNotValid(uint256 itemId);
    /// @notice Item `itemId` is still valid: only its seller may close it.
    error ListingStillValid(uint256 itemId);
    /// @notice Only the seller may change or cancel item `itemId`.
    error NotSeller(uint256 itemId);
    /// @notice The AIA sent (`sent`) is not price x amount (`expected`).
    error IncorrectPayment(uint256 expected, uint256 sent);
    /// @notice `to` refused the AIA sent to it.
    error NativeTransferFailed(address to);
    /// @notice A royalty `rate` above `max` (10 %).
    error RoyaltyTooHigh(uint256 rate, uint256 max);
    /// @notice Only the collection's owner() or the market owner may set its royalty.
    error NotCollectionOwner(address nftContract);
    /// @notice A fee above 50 % of a sale.
    error FeeTooHigh(uint256 numerator, uint256 denominator);
    /// @notice A fee denominator of zero.
    error InvalidDenominator(uint256 denominator);
    /// @notice The zero address where an address is needed.
    error ZeroAddress();
    /// @notice The market is paused.
    error EnforcedPause();
    /// @notice The market is not paused.
    error ExpectedPause();
    /// @notice A withdrawal would take payments owed to payees: only `available` is not theirs.
    error OwedFunds(uint256 available);
}
