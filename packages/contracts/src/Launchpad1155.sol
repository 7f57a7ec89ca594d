// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC1155} from "@openzeppelin/contracts/token/ERC1155/ERC1155.sol";
import {ERC2981} from "@openzeppelin/contracts/token/common/ERC2981.sol";
import {LaunchpadBase} from "./LaunchpadBase.sol";

/// @title Launchpad1155
/// @notice ERC1155 collection sold through the launchpad, with the launchpad configuration
///         (common, base, swap, coin list) per token id.
contract Launchpad1155 is ERC1155, ERC2981, LaunchpadBase {
    string public name;
    string public symbol;

    constructor(string memory name_, string memory symbol_, string memory uri_, address initialOwner)
        ERC1155(uri_)
        LaunchpadBase(initialOwner)
    {
        name = name_;
        symbol = symbol_;
    }

    // ---------------------------------------------------------------- owner

    function setCommonConfig(uint256 tokenId, CommonConfig calldata config) external onlyOwner {
        _setCommon(tokenId, config);
    }

    function setBaseConfig(uint256 tokenId, BaseConfig calldata config) external onlyOwner {
        _setBase(tokenId, config);
    }

    function setSwapConfig(uint256 tokenId, SwapConfig calldata config) external onlyOwner {
        _setSwap(tokenId, config);
    }

    function setCoins(uint256 tokenId, Coin[] calldata coins) external onlyOwner {
        _setCoins(tokenId, coins);
    }

    /// @notice Sets the whole configuration of `tokenId` in one transaction.
    function configure(
        uint256 tokenId,
        CommonConfig calldata common,
        BaseConfig calldata base,
        SwapConfig calldata swapConfig,
        Coin[] calldata coins
    ) external onlyOwner {
        _setCommon(tokenId, common);
        _setBase(tokenId, base);
        _setSwap(tokenId, swapConfig);
        _setCoins(tokenId, coins);
    }

    function setURI(string calldata uri_) external onlyOwner {
        _setURI(uri_);
    }

    function setDefaultRoyalty(address receiver, uint96 feeNumerator) external onlyOwner {
        _setDefaultRoyalty(receiver, feeNumerator);
    }

    // ---------------------------------------------------------------- mint and swap

    /// @notice Mints `count` of `tokenId` to the caller, paying price x count of `coin` to the bank.
    function mint(uint256 tokenId, address coin, uint256 count) external payable nonReentrant {
        (uint256 cost, uint256 newSupply) = _takeMint(tokenId, coin, count);
        _mint(msg.sender, tokenId, count, "");
        emit Minted(msg.sender, tokenId, coin, count, cost, tokenId, newSupply);
    }

    /// @notice Swaps source NFTs (pulled from the caller to the bank) for `tokenId` at the ratio.
    function swap(
        uint256 tokenId,
        SourceType sourceType,
        address source,
        uint256[] calldata tokenIds,
        uint256[] calldata amounts
    ) external nonReentrant {
        (uint256 received, uint256 newSupply) = _takeSwap(tokenId, sourceType, source, tokenIds, amounts);
        _mint(msg.sender, tokenId, received, "");
        emit Swapped(msg.sender, tokenId, source, sourceType, tokenIds, amounts, received, newSupply);
    }

    // ---------------------------------------------------------------- reads

    function numberMinted(uint256 tokenId, address user) external view returns (uint256 minted, uint256 remaining) {
        return _numberMinted(tokenId, user);
    }

    function amountMinted(uint256 tokenId, address coin) external view returns (uint256) {
        return _amountMinted(tokenId, coin);
    }

    function getConfig(uint256 tokenId)
        external
        view
        returns (CommonConfig memory common, BaseConfig memory base, SwapConfig memory swapConfig, Coin[] memory coins)
    {
        return _config(tokenId);
    }

    function getState(uint256 tokenId)
        external
        view
        returns (SaleState state, uint256 totalSupply, uint256 collectionSize)
    {
        return _state(tokenId);
    }

    function supportsInterface(bytes4 interfaceId) public view override(ERC1155, ERC2981) returns (bool) {
        return super.supportsInterface(interfaceId);
    }
}
