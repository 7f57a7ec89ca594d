// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IMarketSettings, MarketSettingsSync} from "./MarketSettingsCopy.sol";
import {SaleSplit} from "./SaleSplit.sol";
import {ListingsTermsEventsAndErrors} from "../interfaces/ListingsEventsAndErrors.sol";

/// @title ListingsTerms
/// @notice The signed-listings contract's copy of the market's settings, with the same sync
///         functions the market calls on Offers (syncCoin, syncAllCoins, syncRoyalty) and the
///         same views, and the platform fees and royalties its fills collect.
/// @dev Offers' MarketSettingsCopy pays fee and royalty at once. Listings collects them in the
///      slots a fill reads anyway: the fee (any coin) in the coin's slot, a royalty in AIA at the
///      market's rate in the collection's slot. Each then costs one warm storage write (2,900 gas)
///      instead of a value transfer to a cold account (9,300); `withdrawFees` and
///      `withdrawRoyalties` (anyone may call them) pay the sums to the market's fee address and
///      the collection's royalty receiver in one transfer each. An ERC-20 royalty, and an ERC-2981
///      royalty (its receiver may differ per token), are paid at once as before.
///      A coin's slot, one word:
///        bits   0..127  fees collected in the coin and not yet withdrawn
///        bits 128..159  fee numerator      bits 160..191  fee denominator
///        bit  192 allowed  193 paused  194 synced  195 listed (in _coins)
///      A collection's slot, one word:
///        bits   0..159  royalty receiver   bits 160..175  rate (percent x 100)
///        bit  176 set (false: the collection's ERC-2981)   177 synced
///        bits 178..255  AIA royalties collected and not yet withdrawn (up to 2^78 - 1 wei,
///                       about 302,000 AIA; a royalty that would pass it is paid at once)
abstract contract ListingsTerms is MarketSettingsSync, ListingsTermsEventsAndErrors {
    uint256 internal constant FEES_MASK = type(uint128).max;
    uint256 internal constant ALLOWED_BIT = 1 << 192;
    uint256 internal constant PAUSED_BIT = 1 << 193;
    uint256 internal constant SYNCED_BIT = 1 << 194;
    uint256 internal constant LISTED_BIT = 1 << 195;
    uint256 private constant ROYALTY_SET_BIT = 1 << 176;
    uint256 private constant ROYALTY_SYNCED_BIT = 1 << 177;
    uint256 private constant ROYALTIES_SHIFT = 178;
    uint256 private constant ROYALTIES_MAX = (1 << 78) - 1;

    mapping(address coin => uint256) internal _coinWords;
    mapping(address collection => uint256) private _royaltyWords;
    /// @dev The market's fee address as last copied (for the views; withdrawFees asks the market).
    address private _feeAddress;

    modifier nonReentrant() {
        assembly ("memory-safe") {
            if tload(ENTERED_SLOT) {
                mstore(0, 0x3ee5aeb5) // ReentrancyGuardReentrantCall()
                revert(0x1c, 4)
            }
            tstore(ENTERED_SLOT, 1)
        }
        _;
        assembly ("memory-safe") {
            tstore(ENTERED_SLOT, 0)
        }
    }

    constructor(address market_) MarketSettingsSync(market_) {}

    // ---------------------------------------------------------------- the market's settings

    function coinTerms(address coin) external view returns (CoinTerms memory terms) {
        uint256 w = _coinWords[coin];
        terms = CoinTerms({
            feeAddress: w & SYNCED_BIT != 0 ? _feeAddress : address(0),
            feeNumerator: uint32(w >> 128),
            feeDenominator: uint32(w >> 160),
            allowed: w & ALLOWED_BIT != 0,
            paused: w & PAUSED_BIT != 0,
            synced: w & SYNCED_BIT != 0,
            listed: w & LISTED_BIT != 0
        });
    }

    function royaltyTerms(address collection) external view returns (RoyaltyTerms memory) {
        uint256 w = _royaltyWords[collection];
        return RoyaltyTerms({
            receiver: address(uint160(w)),
            rate: uint16(w >> 160),
            set: w & ROYALTY_SET_BIT != 0,
            synced: w & ROYALTY_SYNCED_BIT != 0
        });
    }

    /// @notice AIA royalties of `collection` collected and not yet withdrawn.
    function royaltiesOf(address collection) external view returns (uint256) {
        return _royaltyWords[collection] >> ROYALTIES_SHIFT;
    }

    /// @notice Pays the AIA royalties collected for `collection` to its receiver. Anyone may call
    ///         it (the money can only go there; with no receiver now, it waits for the next).
    function withdrawRoyalties(address collection) external nonReentrant returns (uint256 amount) {
        uint256 w = _royaltyWords[collection];
        address to = address(uint160(w));
        amount = w >> ROYALTIES_SHIFT;
        if (amount == 0 || to == address(0)) return 0;
        _royaltyWords[collection] = w & ((1 << ROYALTIES_SHIFT) - 1);
        _payOut(address(0), to, amount);
        emit RoyaltiesWithdrawn(collection, to, amount);
    }

    /// @notice Platform fees collected in `coin` (zero: AIA) and not yet withdrawn. Between
    ///         transactions this contract holds exactly these, the AIA royalties collected and
    ///         the payments owed to payees that refused them (owedTotal).
    function feesOf(address coin) external view returns (uint256) {
        return _coinWords[coin] & FEES_MASK;
    }

    /// @notice Pays the fees collected in `coin` to the market's fee address of now. Anyone may
    ///         call it (the money can only go there).
    function withdrawFees(address coin) external nonReentrant returns (uint256 amount) {
        uint256 w = _coinWords[coin];
        amount = w & FEES_MASK;
        if (amount == 0) return 0;
        _coinWords[coin] = w & ~FEES_MASK;
        (address to,,,) = market.feeConfig();
        _payOut(coin, to, amount);
        emit FeesWithdrawn(coin, to, amount);
    }

    /// @dev Sends `amount` of `coin` this contract holds to `to`.
    function _payOut(address coin, address to, uint256 amount) internal virtual;

    /// @dev The coin's word, copied from the market first if it never was.
    function _coinWordOf(address coin) internal returns (uint256 w) {
        w = _coinWords[coin];
        if (w & SYNCED_BIT == 0) w = _syncCoin(coin);
    }

    /// @dev Adds a fill's fee to the coin's word (read again: the fill made calls since).
    function _collectFee(address coin, uint256 fee) internal {
        uint256 w = _coinWords[coin];
        // Fees never come near 2^128 base units in total; a sum that would is refused.
        if ((w & FEES_MASK) + fee > FEES_MASK) revert FeesOverflow(coin);
        unchecked {
            _coinWords[coin] = w + fee;
        }
    }

    function _copyCoin(address coin) internal override {
        _syncCoin(coin);
    }

    function _copyRoyalty(address collection) internal override {
        _syncRoyalty(collection);
    }

    function _syncCoin(address coin) internal returns (uint256 w) {
        (address feeAddress, uint256 feeNumerator, uint256 feeDenominator,) = market.feeConfig();
        bool allowed = market.isCoinAllowed(coin);
        bool paused = market.paused();
        uint256 old = _coinWords[coin];
        bool listed = old & LISTED_BIT != 0;
        if (allowed && !listed) {
            _coins.push(coin);
            listed = true;
        }
        // The market keeps both fee values in uint32: the casts never cut.
        w = (old & FEES_MASK) | (uint256(uint32(feeNumerator)) << 128) | (uint256(uint32(feeDenominator)) << 160)
            | SYNCED_BIT;
        if (allowed) w |= ALLOWED_BIT;
        if (paused) w |= PAUSED_BIT;
        if (listed) w |= LISTED_BIT;
        _coinWords[coin] = w;
        if (_feeAddress != feeAddress) _feeAddress = feeAddress;
        emit CoinTermsSynced(coin, allowed, feeAddress, feeNumerator, feeDenominator, paused);
    }

    /// @dev Copies the market's rate. Royalties collected for a receiver the market replaced
    ///      are paid to that receiver first (if it refuses them they stay, for the next one).
    ///      That payment runs under the re-entry guard with the new terms already written, so
    ///      nothing the old receiver does meanwhile can collect into the slot being rewritten.
    function _syncRoyalty(address collection) internal returns (uint256 w) {
        (address receiver, uint256 rate, bool set) = market.royaltyRateOf(collection);
        uint256 old = _royaltyWords[collection];
        uint256 collected = old >> ROYALTIES_SHIFT;
        address oldReceiver = address(uint160(old));
        // The market caps rates at MAX_ROYALTY_RATE (1,000): the cast never cuts.
        w = uint256(uint160(receiver)) | (uint256(uint16(rate)) << 160) | ROYALTY_SYNCED_BIT;
        if (set) w |= ROYALTY_SET_BIT;
        if (collected != 0 && oldReceiver != receiver && oldReceiver != address(0)) {
            bool paid;
            assembly ("memory-safe") {
                // Inside a fill (a token calling back): refused, as a re-entry.
                if tload(ENTERED_SLOT) {
                    mstore(0, 0x3ee5aeb5) // ReentrancyGuardReentrantCall()
                    revert(0x1c, 4)
                }
            }
            _royaltyWords[collection] = w;
            assembly ("memory-safe") {
                tstore(ENTERED_SLOT, 1)
                paid := call(gas(), oldReceiver, collected, 0, 0, 0, 0)
                tstore(ENTERED_SLOT, 0)
            }
            if (paid) {
                emit RoyaltiesWithdrawn(collection, oldReceiver, collected);
                collected = 0;
            }
        }
        w |= collected << ROYALTIES_SHIFT;
        _royaltyWords[collection] = w;
        emit RoyaltyTermsSynced(collection, receiver, rate, set);
    }

    /// @dev The market's royaltyOf: its rate when set (0: none), else ERC-2981 capped.
    ///      `collect`: a royalty at the market's rate, which an AIA fill may collect here.
    function _royalty(address collection, uint256 tokenId, uint256 gross)
        internal
        returns (address receiver, uint256 amount, bool collect)
    {
        uint256 w = _royaltyWords[collection];
        if (w & ROYALTY_SYNCED_BIT == 0) w = _syncRoyalty(collection);
        if (w & ROYALTY_SET_BIT != 0) {
            uint256 rate = uint16(w >> 160);
            if (rate == 0) return (address(0), 0, false);
            return (address(uint160(w)), SaleSplit.rateRoyalty(gross, rate), true);
        }
        (receiver, amount) = SaleSplit.erc2981Royalty(collection, tokenId, gross);
    }

    /// @dev Adds an AIA royalty to the collection's slot (read again: the fill made calls since,
    ///      and a sync may have changed the receiver: then, or when the sum would pass its 78
    ///      bits, false and the caller pays it at once).
    function _collectRoyalty(address collection, address receiver, uint256 amount) internal returns (bool) {
        uint256 w = _royaltyWords[collection];
        if (address(uint160(w)) != receiver || (w >> ROYALTIES_SHIFT) + amount > ROYALTIES_MAX) return false;
        unchecked {
            _royaltyWords[collection] = w + (amount << ROYALTIES_SHIFT);
        }
        return true;
    }
}
