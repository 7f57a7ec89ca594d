// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {SaleSplit} from "./SaleSplit.sol";
import {MarketSettingsEventsAndErrors} from "../interfaces/MarketSettingsEventsAndErrors.sol";

/// @notice What the offers contract reads from the market: the settings a sale pays by.
interface IMarketSettings {
    function feeConfig()
        external
        view
        returns (address feeAddress, uint256 feeNumerator, uint256 feeDenominator, uint256 royaltyRateDenominator);
    function royaltyRateOf(address nftContract) external view returns (address receiver, uint256 rate, bool set);
    function isCoinAllowed(address coin) external view returns (bool);
    function paused() external view returns (bool);
}

/// @title MarketSettingsSync
/// @notice What the offers' and the signed-listings' copies of the market's settings share: the
///         market, the sync functions it calls (same ABI on both), the shapes of the views, the
///         events and errors (interfaces/MarketSettingsEventsAndErrors.sol). Each contract keeps the copy in its own layout (`_syncCoin`,
///         `_syncRoyalty`); the hot paths call those directly, so sharing costs no gas.
abstract contract MarketSettingsSync is MarketSettingsEventsAndErrors {
    /// @dev The market's settings in one coin. The fee and the pause are global on the market
    ///      and repeated per coin.
    struct CoinTerms {
        address feeAddress;
        uint32 feeNumerator;
        uint32 feeDenominator;
        bool allowed;
        bool paused;
        bool synced;
        bool listed; // in _coins
    }

    /// @dev The market's royalty rate of a collection (`set` false: the collection's ERC-2981,
    ///      capped as the market caps it).
    struct RoyaltyTerms {
        address receiver;
        uint16 rate;
        bool set;
        bool synced;
    }

    /// @notice The market whose coins, fee, royalty and pause apply.
    IMarketSettings public immutable market;

    /// @dev Every coin copied once while allowed: a change of the fee or the pause re-copies each.
    address[] internal _coins;

    /// @dev Transient flag of the re-entry guard, keccak256("aiamarket.offers.entered"), the same
    ///      slot in each contract (transient storage is per contract).
    bytes32 internal constant ENTERED_SLOT = 0x18e0147d592244f886675f54adc9df208512487799c6ea8926d3c11dd3e6285f;

    constructor(address market_) {
        market = IMarketSettings(market_);
    }

    /// @notice Copies the market's answer for `coin` (allowed, fee, fee address, pause). The
    ///         market calls it when the coin is allowed or refused; anyone may.
    function syncCoin(address coin) external {
        _copyCoin(coin);
    }

    /// @notice Re-copies every allowed coin's terms: the market calls it when the fee, the fee
    ///         address or the pause change. Only coins the market allowed are listed, so nobody
    ///         can make this loop (and with it the market's owner calls) long.
    function syncAllCoins() external {
        uint256 n = _coins.length;
        for (uint256 i; i < n; ++i) {
            _copyCoin(_coins[i]);
        }
    }

    /// @notice Copies the market's royalty rate of `collection` (or that it has none, so its
    ///         ERC-2981 applies). The market calls it when a rate is set; anyone may.
    function syncRoyalty(address collection) external {
        _copyRoyalty(collection);
    }

    /// @dev Copies the market's answer for `coin` into this contract's layout.
    function _copyCoin(address coin) internal virtual;

    /// @dev Copies the market's rate of `collection` into this contract's layout.
    function _copyRoyalty(address collection) internal virtual;
}

/// @title MarketSettingsCopy
/// @notice The offers contract's copy of the market's settings an acceptance pays by, and the
///         re-entry guard (the signed-listings contract keeps its own in ListingsTerms).
/// @dev The market owns the settings (allowed coins, fee, market royalty rates, pause). Reading
///      them through its proxy at every acceptance cost about 19,000 gas (cold proxy,
///      implementation and four calls), so each contract keeps a copy: one slot per coin (the
///      fee and the pause repeated in each) and one per collection. The copy never decides on
///      its own: it is pulled from the market (`syncCoin`, `syncRoyalty`, `syncAllCoins`;
///      anyone may call them, they only copy the market's answer) and the market calls them in
///      the same transaction as every change of a setting once linked (Marketplace.setOffers,
///      setListings). A coin or collection never copied is pulled at its first use.
abstract contract MarketSettingsCopy is MarketSettingsSync {
    mapping(address coin => CoinTerms) private _coinTerms;
    mapping(address collection => RoyaltyTerms) private _royaltyTerms;

    /// @dev OpenZeppelin's ReentrancyGuardTransient does the same through library calls that
    ///      cost about 300 gas more per call; same error, same transient semantics.
    modifier nonReentrant() {
        _enter();
        _;
        _exit();
    }

    constructor(address market_) MarketSettingsSync(market_) {}

    // ---------------------------------------------------------------- the market's settings

    /// @notice The copy of the market's settings for `coin` (synced false: never copied, the
    ///         next acceptance copies it first).
    function coinTerms(address coin) external view returns (CoinTerms memory) {
        return _coinTerms[coin];
    }

    function royaltyTerms(address collection) external view returns (RoyaltyTerms memory) {
        return _royaltyTerms[collection];
    }

    function _enter() private {
        bool entered;
        assembly ("memory-safe") {
            entered := tload(ENTERED_SLOT)
        }
        if (entered) revert ReentrancyGuardReentrantCall();
        assembly ("memory-safe") {
            tstore(ENTERED_SLOT, 1)
        }
    }

    function _exit() private {
        assembly ("memory-safe") {
            tstore(ENTERED_SLOT, 0)
        }
    }

    function _copyCoin(address coin) internal override {
        _syncCoin(coin);
    }

    function _copyRoyalty(address collection) internal override {
        _syncRoyalty(collection);
    }

    function _coinTermsOf(address coin) internal returns (CoinTerms memory terms) {
        terms = _coinTerms[coin];
        if (!terms.synced) terms = _syncCoin(coin);
    }

    function _syncCoin(address coin) internal returns (CoinTerms memory terms) {
        (address feeAddress, uint256 feeNumerator, uint256 feeDenominator,) = market.feeConfig();
        bool allowed = market.isCoinAllowed(coin);
        bool paused = market.paused();
        bool listed = _coinTerms[coin].listed;
        if (allowed && !listed) {
            _coins.push(coin);
            listed = true;
        }
        // The market keeps both fee values in uint32: the casts never cut.
        terms = CoinTerms({
            feeAddress: feeAddress,
            feeNumerator: uint32(feeNumerator),
            feeDenominator: uint32(feeDenominator),
            allowed: allowed,
            paused: paused,
            synced: true,
            listed: listed
        });
        _coinTerms[coin] = terms;
        emit CoinTermsSynced(coin, allowed, feeAddress, feeNumerator, feeDenominator, paused);
    }

    function _syncRoyalty(address collection) internal returns (RoyaltyTerms memory terms) {
        (address receiver, uint256 rate, bool set) = market.royaltyRateOf(collection);
        // The market caps rates at MAX_ROYALTY_RATE (1,000): the cast never cuts.
        terms = RoyaltyTerms({receiver: receiver, rate: uint16(rate), set: set, synced: true});
        _royaltyTerms[collection] = terms;
        emit RoyaltyTermsSynced(collection, receiver, rate, set);
    }

    /// @dev The market's royaltyOf: its rate when set (0: none), else ERC-2981 capped.
    function _royalty(address collection, uint256 tokenId, uint256 gross)
        internal
        returns (address receiver, uint256 amount)
    {
        RoyaltyTerms memory r = _royaltyTerms[collection];
        if (!r.synced) r = _syncRoyalty(collection);
        if (r.set) {
            if (r.rate == 0) return (address(0), 0);
            return (r.receiver, SaleSplit.rateRoyalty(gross, r.rate));
        }
        return SaleSplit.erc2981Royalty(collection, tokenId, gross);
    }
}
