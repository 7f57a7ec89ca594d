// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title MarketSettingsEventsAndErrors
/// @notice The events and errors of a copy of the market's settings (lib/MarketSettingsCopy.sol,
///         lib/ListingsTerms.sol): what Offers and Listings announce when they copy the market's
///         answer and how they refuse a trade the market would refuse.
interface MarketSettingsEventsAndErrors {
    /// @notice The copy of the market's settings for `coin` now reads these values.
    event CoinTermsSynced(
        address indexed coin,
        bool allowed,
        address feeAddress,
        uint256 feeNumerator,
        uint256 feeDenominator,
        bool paused
    );
    /// @notice The copy of the market's royalty rate of `collection` now reads these values
    ///         (`set` false: the collection's ERC-2981 applies).
    event RoyaltyTermsSynced(address indexed collection, address receiver, uint256 rate, bool set);

    /// @notice The market is paused: no trade goes through.
    error MarketPaused();
    /// @notice The market does not allow payments in `coin`.
    error CoinNotAllowed(address coin);
    /// @notice A call re-entered a guarded function (OpenZeppelin's error, same selector).
    error ReentrancyGuardReentrantCall();
}
