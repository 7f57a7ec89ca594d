// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {LaunchpadBase} from "../LaunchpadBase.sol";

/// @title LaunchpadEventsAndErrors
/// @notice Every event and custom error of the launchpads (LaunchpadBase.sol, shared by
///         Launchpad721 and Launchpad1155; spec document 2, section 5). `tokenId` is the sale's
///         key: 0 for the 721 launchpad's one sale, the token id for the 1155 launchpad's. The
///         structs they carry stay declared in LaunchpadBase, so the ABI names them as before.
interface LaunchpadEventsAndErrors {
    /// @notice The owner set the sale's common configuration (blind box, down, swap, bank).
    event CommonConfigSet(uint256 indexed tokenId, LaunchpadBase.CommonConfig config);
    /// @notice The owner set the sale's supply, limits and window.
    event BaseConfigSet(uint256 indexed tokenId, LaunchpadBase.BaseConfig config);
    /// @notice The owner set the sale's swap source and ratio.
    event SwapConfigSet(uint256 indexed tokenId, LaunchpadBase.SwapConfig config);
    /// @notice The owner set the coins the sale accepts, with their prices and caps.
    event CoinsSet(uint256 indexed tokenId, LaunchpadBase.Coin[] coins);
    /// @notice `minter` minted `count` tokens paying `cost` in `coin` (zero: AIA).
    ///         `firstTokenId`: 721 the first new id (ids firstTokenId..+count-1); 1155 the token id.
    ///         In Swapped, the 721's new ids are totalSupply - received + 1 .. totalSupply.
    event Minted(
        address indexed minter,
        uint256 indexed tokenId,
        address indexed coin,
        uint256 count,
        uint256 cost,
        uint256 firstTokenId,
        uint256 totalSupply
    );
    /// @notice `user` gave these tokens of `source` to the bank and received `received` new ones.
    event Swapped(
        address indexed user,
        uint256 indexed tokenId,
        address indexed source,
        LaunchpadBase.SourceType sourceType,
        uint256[] sourceTokenIds,
        uint256[] sourceAmounts,
        uint256 received,
        uint256 totalSupply
    );
    /// @notice The owner sent `amount` of `coin` (zero: AIA) held by the launchpad to `to`.
    event Withdrawn(address indexed coin, address indexed to, uint256 amount);

    /// @notice Mint or swap while the sale is taken down.
    error SaleDown();
    /// @notice The sale opens at `startAt` (unix seconds).
    error SaleNotStarted(uint256 startAt);
    /// @notice The sale closed at `endAt`.
    error SaleEnded(uint256 endAt);
    /// @notice Sale `tokenId` has no configuration (or no bank address) yet.
    error SaleNotConfigured(uint256 tokenId);
    /// @notice Quantity 0 ('marketplace.details.enterAmounts').
    error ZeroQuantity();
    /// @notice A single transaction exceeds the maximum (maxBatchSize).
    error TransactionLimitExceeded(uint256 max);
    /// @notice The collection is sold out: the current asset count has reached the ceiling.
    error SoldOut();
    /// @notice Not enough mintable or swappable NFTs remaining.
    error InsufficientSupply(uint256 remaining);
    /// @notice Wallet mint limit reached: the wallet can mint `remaining` more.
    error WalletLimitExceeded(uint256 remaining);
    /// @notice The sale does not accept `coin`.
    error CoinNotAccepted(address coin);
    /// @notice Coin mint limit exceeded: `remaining` can still be minted with this coin.
    error CoinLimitExceeded(uint256 remaining);
    /// @notice The balance is insufficient.
    error InsufficientBalance(uint256 balance, uint256 cost);
    /// @notice Native payment differs from price x count.
    error IncorrectPayment(uint256 expected, uint256 sent);
    /// @notice The sale does not allow swaps.
    error SwapDisabled();
    /// @notice `source` is not the sale's swap source collection.
    error WrongSwapSource(address source);
    /// @notice The token ids and amounts of a swap differ in length.
    error LengthMismatch();
    /// @notice A 721 source token counts once (amount must be 1).
    error InvalidSourceAmount(uint256 tokenId, uint256 amount);
    /// @notice Please select NFT: nothing was selected for a swap.
    error NothingSelected();
    /// @notice The selected count does not meet the swap ratio.
    error SwapRatioMismatch(uint256 fromAmount, uint256 toAmount);
    /// @notice Swap exceeds the maximum (maxBatchSize received per swap).
    error SwapLimitExceeded(uint256 max);
    /// @notice A configuration the sale cannot run with; `reason` says which rule.
    error InvalidConfig(string reason);
    /// @notice `coin` appears twice in the sale's coin list.
    error DuplicateCoin(address coin);
    /// @notice The zero address where an address is needed.
    error ZeroAddress();
    /// @notice `to` refused the AIA sent to it.
    error NativeTransferFailed(address to);
}
