// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {IERC721} from "@openzeppelin/contracts/token/ERC721/IERC721.sol";
import {IERC1155} from "@openzeppelin/contracts/token/ERC1155/IERC1155.sol";
import {LaunchpadEventsAndErrors} from "./interfaces/LaunchpadEventsAndErrors.sol";

/// @title LaunchpadBase
/// @notice What the 721 and 1155 launchpads share (spec document 2, sections 3 and 5): the
///         configuration (common, base, swap, coin list) of a sale, the mint and swap rules
///         enforced with custom errors, payments to the bank address, reads and owner
///         withdrawals. The 721 launchpad has one sale (key 0); the 1155 launchpad one per token id.
/// @dev Events and errors are declared in interfaces/LaunchpadEventsAndErrors.sol.
abstract contract LaunchpadBase is LaunchpadEventsAndErrors, Ownable, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    // ---------------------------------------------------------------- types

    /// @notice Kind of a swap's source collection.
    enum SourceType {
        ERC721,
        ERC1155
    }

    /// @notice Sale state as getState reports it (same numbers as the primary-sale activity
    ///         status, plus Down when the owner took the sale down).
    enum SaleState {
        NotStarted,
        Active,
        Ended,
        SoldOut,
        Down,
        NotConfigured
    }

    struct CommonConfig {
        uint8 blindBoxType;
        bool downFlag; // true: taken down, no mint or swap
        bool swapFlag; // true: swap allowed
        address bankAddress; // receives every payment and every swapped-in source NFT
    }

    struct BaseConfig {
        uint32 collectionSize; // supply cap
        uint32 maxBatchSize; // per-transaction cap (mint count, swap received)
        uint32 maxUserSize; // per-wallet cap (mints + swaps)
        uint32 totalSupply; // minted so far (maintained by the contract)
        uint64 startAt; // unix seconds, inclusive
        uint64 endAt; // unix seconds, exclusive
    }

    struct SwapConfig {
        address fromNft; // source collection
        uint32 fromAmount; // ratio denominator (oldNum): source tokens given
        uint32 toAmount; // ratio numerator (newNum): tokens received
    }

    struct Coin {
        address coinAddr; // zero address = native AIA
        uint128 coinAmount; // price per token
        uint64 coinMaxAmount; // at most this many tokens can be minted with this coin
    }

    struct CoinState {
        uint128 price;
        uint64 maxAmount;
        uint56 minted;
        bool accepted;
    }

    struct Sale {
        CommonConfig common;
        BaseConfig base;
        SwapConfig swap;
        address[] coinList;
        mapping(address coin => CoinState) coins;
        mapping(address user => uint256) minted;
        bool configured;
    }

    mapping(uint256 saleId => Sale) internal _sales;

    constructor(address initialOwner) Ownable(initialOwner) {}

    // ---------------------------------------------------------------- owner: configuration

    function _setCommon(uint256 id, CommonConfig calldata config) internal {
        if (config.bankAddress == address(0)) revert ZeroAddress();
        Sale storage sale = _sales[id];
        sale.common = config;
        emit CommonConfigSet(id, config);
    }

    /// @dev `config.totalSupply` is ignored: the contract keeps it.
    function _setBase(uint256 id, BaseConfig calldata config) internal {
        Sale storage sale = _sales[id];
        uint32 supply = sale.base.totalSupply;
        if (config.collectionSize < supply) revert InvalidConfig("collectionSize below totalSupply");
        if (config.maxBatchSize == 0) revert InvalidConfig("maxBatchSize is 0");
        if (config.maxUserSize == 0) revert InvalidConfig("maxUserSize is 0");
        if (config.endAt <= config.startAt) revert InvalidConfig("endAt not after startAt");
        sale.base = BaseConfig({
            collectionSize: config.collectionSize,
            maxBatchSize: config.maxBatchSize,
            maxUserSize: config.maxUserSize,
            totalSupply: supply,
            startAt: config.startAt,
            endAt: config.endAt
        });
        sale.configured = true;
        emit BaseConfigSet(id, sale.base);
    }

    function _setSwap(uint256 id, SwapConfig calldata config) internal {
        if (config.fromAmount == 0 || config.toAmount == 0) revert InvalidConfig("swap ratio has a 0");
        _sales[id].swap = config;
        emit SwapConfigSet(id, config);
    }

    /// @dev Replaces the coin list; counts already minted per coin are kept.
    function _setCoins(uint256 id, Coin[] calldata coins) internal {
        Sale storage sale = _sales[id];
        address[] storage list = sale.coinList;
        for (uint256 i; i < list.length; ++i) {
            sale.coins[list[i]].accepted = false;
        }
        delete sale.coinList;
        for (uint256 i; i < coins.length; ++i) {
            Coin calldata c = coins[i];
            CoinState storage state = sale.coins[c.coinAddr];
            if (state.accepted) revert DuplicateCoin(c.coinAddr);
            if (c.coinMaxAmount > type(uint56).max) revert InvalidConfig("coinMaxAmount too large");
            state.accepted = true;
            state.price = c.coinAmount;
            state.maxAmount = c.coinMaxAmount;
            sale.coinList.push(c.coinAddr);
        }
        emit CoinsSet(id, coins);
    }

    /// @notice Sends coins that reached the contract by mistake (payments go to the bank
    ///         address directly, so nothing rests here otherwise). Zero address = native AIA.
    function withdraw(address coin, address to, uint256 amount) external onlyOwner nonReentrant {
        if (to == address(0)) revert ZeroAddress();
        if (coin == address(0)) _sendNative(to, amount);
        else IERC20(coin).safeTransfer(to, amount);
        emit Withdrawn(coin, to, amount);
    }

    /// @notice Sends an ERC721 that was transferred to the contract by mistake.
    function withdrawERC721(address nft, uint256 tokenId, address to) external onlyOwner nonReentrant {
        if (to == address(0)) revert ZeroAddress();
        IERC721(nft).transferFrom(address(this), to, tokenId);
    }

    // ---------------------------------------------------------------- mint and swap core

    /// @dev Checks every rule, records the mint, takes the payment. Returns the cost.
    ///      The payment goes straight to the bank and a bank that refuses it reverts the mint,
    ///      unlike the market's payouts (PullPayments): the bank is the sale owner's own
    ///      address, which the owner can change, the minter loses nothing (its payment comes
    ///      back with the revert), and no other participant's trade depends on it; crediting
    ///      would cost every mint a storage write.
    function _takeMint(uint256 id, address coin, uint256 count) internal returns (uint256 cost, uint256 newSupply) {
        Sale storage sale = _sales[id];
        BaseConfig memory base = _checkOpen(id, sale);
        if (count == 0) revert ZeroQuantity();
        if (count > base.maxBatchSize) revert TransactionLimitExceeded(base.maxBatchSize);
        newSupply = _checkSupplyAndWallet(id, sale, base, count);

        CoinState storage state = sale.coins[coin];
        if (!state.accepted) revert CoinNotAccepted(coin);
        uint256 coinMinted = state.minted;
        if (coinMinted + count > state.maxAmount) revert CoinLimitExceeded(state.maxAmount - coinMinted);
        state.minted = uint56(coinMinted + count);
        cost = uint256(state.price) * count;

        address bank = sale.common.bankAddress;
        if (coin == address(0)) {
            if (msg.value < cost) revert InsufficientBalance(msg.value, cost);
            if (msg.value > cost) revert IncorrectPayment(cost, msg.value);
            if (cost != 0) _sendNative(bank, cost);
        } else {
            if (msg.value != 0) revert IncorrectPayment(0, msg.value);
            uint256 balance = IERC20(coin).balanceOf(msg.sender);
            if (balance < cost) revert InsufficientBalance(balance, cost);
            if (cost != 0) IERC20(coin).safeTransferFrom(msg.sender, bank, cost);
        }
    }

    /// @dev Checks every swap rule, records the swap and pulls the source NFTs to the bank.
    ///      Returns the number of tokens to mint.
    function _takeSwap(
        uint256 id,
        SourceType sourceType,
        address source,
        uint256[] calldata tokenIds,
        uint256[] calldata amounts
    ) internal returns (uint256 received, uint256 newSupply) {
        Sale storage sale = _sales[id];
        BaseConfig memory base = _checkOpen(id, sale);
        if (!sale.common.swapFlag) revert SwapDisabled();
        SwapConfig memory swapConfig = sale.swap;
        if (source == address(0) || source != swapConfig.fromNft) revert WrongSwapSource(source);
        if (tokenIds.length != amounts.length) revert LengthMismatch();
        uint256 total;
        for (uint256 i; i < amounts.length; ++i) {
            if (sourceType == SourceType.ERC721 && amounts[i] != 1) {
                revert InvalidSourceAmount(tokenIds[i], amounts[i]);
            }
            total += amounts[i];
        }
        if (total == 0) revert NothingSelected();
        if (total % swapConfig.fromAmount != 0) revert SwapRatioMismatch(swapConfig.fromAmount, swapConfig.toAmount);
        received = total / swapConfig.fromAmount * swapConfig.toAmount;
        if (received > base.maxBatchSize) revert SwapLimitExceeded(base.maxBatchSize);
        newSupply = _checkSupplyAndWallet(id, sale, base, received);

        address bank = sale.common.bankAddress;
        if (sourceType == SourceType.ERC721) {
            for (uint256 i; i < tokenIds.length; ++i) {
                IERC721(source).safeTransferFrom(msg.sender, bank, tokenIds[i]);
            }
        } else {
            IERC1155(source).safeBatchTransferFrom(msg.sender, bank, tokenIds, amounts, "");
        }
    }

    function _checkOpen(uint256 id, Sale storage sale) private view returns (BaseConfig memory base) {
        // A sale without its base config or bank address cannot take money.
        if (!sale.configured || sale.common.bankAddress == address(0)) revert SaleNotConfigured(id);
        if (sale.common.downFlag) revert SaleDown();
        base = sale.base;
        if (block.timestamp < base.startAt) revert SaleNotStarted(base.startAt);
        if (block.timestamp >= base.endAt) revert SaleEnded(base.endAt);
    }

    function _checkSupplyAndWallet(uint256 id, Sale storage sale, BaseConfig memory base, uint256 count)
        private
        returns (uint256 newSupply)
    {
        uint256 remaining = uint256(base.collectionSize) - base.totalSupply;
        if (remaining == 0) revert SoldOut();
        if (count > remaining) revert InsufficientSupply(remaining);
        uint256 minted = _mintedBy(id, sale, msg.sender);
        if (minted + count > base.maxUserSize) {
            revert WalletLimitExceeded(minted >= base.maxUserSize ? 0 : base.maxUserSize - minted);
        }
        newSupply = base.totalSupply + count;
        sale.base.totalSupply = uint32(newSupply);
        _recordMinted(id, sale, msg.sender, minted + count);
    }

    /// @dev Tokens minted or swapped by `user` in sale `id`.
    function _mintedBy(uint256, Sale storage sale, address user) internal view virtual returns (uint256) {
        return sale.minted[user];
    }

    function _recordMinted(uint256, Sale storage sale, address user, uint256 minted) internal virtual {
        sale.minted[user] = minted;
    }

    function _sendNative(address to, uint256 amount) internal {
        (bool ok,) = to.call{value: amount}("");
        if (!ok) revert NativeTransferFailed(to);
    }

    // ---------------------------------------------------------------- reads

    function _numberMinted(uint256 id, address user) internal view returns (uint256 minted, uint256 remaining) {
        Sale storage sale = _sales[id];
        minted = _mintedBy(id, sale, user);
        uint256 max = sale.base.maxUserSize;
        remaining = minted >= max ? 0 : max - minted;
    }

    function _config(uint256 id)
        internal
        view
        returns (CommonConfig memory, BaseConfig memory, SwapConfig memory, Coin[] memory coins)
    {
        Sale storage sale = _sales[id];
        address[] storage list = sale.coinList;
        coins = new Coin[](list.length);
        for (uint256 i; i < list.length; ++i) {
            CoinState storage state = sale.coins[list[i]];
            coins[i] = Coin({coinAddr: list[i], coinAmount: state.price, coinMaxAmount: state.maxAmount});
        }
        return (sale.common, sale.base, sale.swap, coins);
    }

    function _state(uint256 id)
        internal
        view
        returns (SaleState state, uint256 totalSupply, uint256 collectionSize)
    {
        Sale storage sale = _sales[id];
        BaseConfig memory base = sale.base;
        totalSupply = base.totalSupply;
        collectionSize = base.collectionSize;
        if (!sale.configured || sale.common.bankAddress == address(0)) state = SaleState.NotConfigured;
        else if (sale.common.downFlag) state = SaleState.Down;
        else if (totalSupply >= collectionSize) state = SaleState.SoldOut;
        else if (block.timestamp < base.startAt) state = SaleState.NotStarted;
        else if (block.timestamp >= base.endAt) state = SaleState.Ended;
        else state = SaleState.Active;
    }

    /// @dev Tokens minted with `coin` in sale `id`.
    function _amountMinted(uint256 id, address coin) internal view returns (uint256) {
        return _sales[id].coins[coin].minted;
    }
}
