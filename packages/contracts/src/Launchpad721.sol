// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC721A} from "erc721a/contracts/ERC721A.sol";
import {ERC2981} from "@openzeppelin/contracts/token/common/ERC2981.sol";
import {LaunchpadBase} from "./LaunchpadBase.sol";

/// @title Launchpad721
/// @notice ERC721A collection sold through the launchpad: mint with any configured coin
///         (price, per-coin cap), per-wallet and per-transaction caps, a supply cap, a sale
///         window, and a swap of held source NFTs at a fixed ratio. Token ids start at 1.
contract Launchpad721 is ERC721A, ERC2981, LaunchpadBase {
    string private _base;

    constructor(string memory name_, string memory symbol_, string memory baseURI_, address initialOwner)
        ERC721A(name_, symbol_)
        LaunchpadBase(initialOwner)
    {
        _base = baseURI_;
    }

    // ---------------------------------------------------------------- owner

    function setCommonConfig(CommonConfig calldata config) external onlyOwner {
        _setCommon(0, config);
    }

    function setBaseConfig(BaseConfig calldata config) external onlyOwner {
        _setBase(0, config);
    }

    function setSwapConfig(SwapConfig calldata config) external onlyOwner {
        _setSwap(0, config);
    }

    function setCoins(Coin[] calldata coins) external onlyOwner {
        _setCoins(0, coins);
    }

    /// @notice Sets the whole configuration in one transaction.
    function configure(
        CommonConfig calldata common,
        BaseConfig calldata base,
        SwapConfig calldata swapConfig,
        Coin[] calldata coins
    ) external onlyOwner {
        _setCommon(0, common);
        _setBase(0, base);
        _setSwap(0, swapConfig);
        _setCoins(0, coins);
    }

    function setBaseURI(string calldata baseURI_) external onlyOwner {
        _base = baseURI_;
    }

    function setDefaultRoyalty(address receiver, uint96 feeNumerator) external onlyOwner {
        _setDefaultRoyalty(receiver, feeNumerator);
    }

    // ---------------------------------------------------------------- mint and swap

    /// @notice Mints `count` tokens to the caller, paying price x count of `coin` to the bank
    ///         (native AIA as value; an ERC-20 must be approved first).
    function mint(address coin, uint256 count) external payable nonReentrant {
        (uint256 cost, uint256 newSupply) = _takeMint(0, coin, count);
        uint256 first = _nextTokenId();
        _safeMint(msg.sender, count);
        emit Minted(msg.sender, 0, coin, count, cost, first, newSupply);
    }

    /// @notice Swaps source NFTs (pulled from the caller to the bank; the launchpad must be
    ///         approved on the source) for new tokens at the fromAmount:toAmount ratio.
    function swap(SourceType sourceType, address source, uint256[] calldata tokenIds, uint256[] calldata amounts)
        external
        nonReentrant
    {
        (uint256 received, uint256 newSupply) = _takeSwap(0, sourceType, source, tokenIds, amounts);
        _safeMint(msg.sender, received);
        emit Swapped(msg.sender, 0, source, sourceType, tokenIds, amounts, received, newSupply);
    }

    // ---------------------------------------------------------------- reads

    /// @notice Tokens minted (and swapped) by `user`, and how many more it may mint.
    function numberMinted(address user) external view returns (uint256 minted, uint256 remaining) {
        return _numberMinted(0, user);
    }

    /// @notice Tokens minted with `coin`.
    function amountMinted(address coin) external view returns (uint256) {
        return _amountMinted(0, coin);
    }

    function getConfig()
        external
        view
        returns (CommonConfig memory common, BaseConfig memory base, SwapConfig memory swapConfig, Coin[] memory coins)
    {
        return _config(0);
    }

    /// @notice Sale state, minted supply (_totalSupply) and cap (_collectionSize).
    function getState() external view returns (SaleState state, uint256 totalSupply_, uint256 collectionSize) {
        return _state(0);
    }

    function supportsInterface(bytes4 interfaceId) public view override(ERC721A, ERC2981) returns (bool) {
        return ERC721A.supportsInterface(interfaceId) || ERC2981.supportsInterface(interfaceId);
    }

    // ---------------------------------------------------------------- internals

    function _startTokenId() internal pure override returns (uint256) {
        return 1;
    }

    function _baseURI() internal view override returns (string memory) {
        return _base;
    }

    /// @dev ERC721A already counts tokens minted to each address in its packed owner data.
    function _mintedBy(uint256, Sale storage, address user) internal view override returns (uint256) {
        return _numberMinted(user);
    }

    function _recordMinted(uint256, Sale storage, address, uint256) internal pure override {}
}
