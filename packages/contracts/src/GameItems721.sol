// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {ERC2981} from "@openzeppelin/contracts/token/common/ERC2981.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {GameItems721EventsAndErrors} from "./interfaces/GameItemsEventsAndErrors.sol";

/// @title GameItems721
/// @notice A game's ERC721 collection: owner mint, whitelist mint (a per-address allowance set by
///         the owner), ERC-2981 royalty set by the owner. Token ids start at 1. The owner can
///         point one item (or a run of items) at new metadata, announced with the ERC-4906
///         events so that markets refresh it (an item levels up).
contract GameItems721 is GameItems721EventsAndErrors, ERC721, ERC2981, Ownable {
    string private _base;
    uint256 private _nextId = 1;

    /// @notice How many tokens each address may still mint through whitelistMint.
    mapping(address account => uint256) public whitelistAllowance;
    /// @dev A token's own URI, set by the owner; empty = base URI + id.
    mapping(uint256 tokenId => string) private _tokenURIs;

    constructor(
        string memory name_,
        string memory symbol_,
        string memory baseURI_,
        address initialOwner,
        address royaltyReceiver,
        uint96 royaltyBps
    ) ERC721(name_, symbol_) Ownable(initialOwner) {
        _base = baseURI_;
        if (royaltyReceiver != address(0)) _setDefaultRoyalty(royaltyReceiver, royaltyBps);
    }

    /// @notice Owner mint of `quantity` new tokens to `to`; returns the first id.
    function mint(address to, uint256 quantity) external onlyOwner returns (uint256 firstId) {
        return _mintMany(to, quantity);
    }

    /// @notice Sets the whitelist allowance of each account.
    function setWhitelist(address[] calldata accounts, uint256 allowance) external onlyOwner {
        for (uint256 i; i < accounts.length; ++i) {
            whitelistAllowance[accounts[i]] = allowance;
            emit WhitelistSet(accounts[i], allowance);
        }
    }

    /// @notice Mints `quantity` tokens to the caller out of its whitelist allowance.
    function whitelistMint(uint256 quantity) external returns (uint256 firstId) {
        uint256 allowance = whitelistAllowance[msg.sender];
        if (allowance == 0) revert NotWhitelisted(msg.sender);
        if (quantity > allowance) revert WhitelistAllowanceExceeded(allowance);
        whitelistAllowance[msg.sender] = allowance - quantity;
        return _mintMany(msg.sender, quantity);
    }

    function setBaseURI(string calldata baseURI_) external onlyOwner {
        _base = baseURI_;
        emit BaseURISet(baseURI_);
    }

    /// @notice Points minted token `tokenId` at new metadata (an empty `uri` goes back to the
    ///         base URI) and announces it (ERC-4906 MetadataUpdate).
    function setTokenURI(uint256 tokenId, string calldata uri) external onlyOwner {
        _requireOwned(tokenId);
        _tokenURIs[tokenId] = uri;
        emit MetadataUpdate(tokenId);
    }

    /// @notice Points the minted tokens `firstId`, `firstId + 1`, ... at `uris` in one call,
    ///         announced with one ERC-4906 BatchMetadataUpdate.
    function setTokenURIs(uint256 firstId, string[] calldata uris) external onlyOwner {
        if (uris.length == 0) revert EmptyURIs();
        for (uint256 i; i < uris.length; ++i) {
            _requireOwned(firstId + i);
            _tokenURIs[firstId + i] = uris[i];
        }
        emit BatchMetadataUpdate(firstId, firstId + uris.length - 1);
    }

    /// @notice The token's own URI when the owner set one, else base URI + id.
    function tokenURI(uint256 tokenId) public view override returns (string memory) {
        _requireOwned(tokenId);
        string memory own = _tokenURIs[tokenId];
        return bytes(own).length > 0 ? own : super.tokenURI(tokenId);
    }

    /// @notice ERC-2981 royalty for every token (basis points of the sale price).
    function setDefaultRoyalty(address receiver, uint96 feeNumerator) external onlyOwner {
        _setDefaultRoyalty(receiver, feeNumerator);
    }

    /// @notice Number of tokens minted so far (ids 1..totalMinted, burns do not exist).
    function totalMinted() external view returns (uint256) {
        return _nextId - 1;
    }

    function supportsInterface(bytes4 interfaceId) public view override(ERC721, ERC2981) returns (bool) {
        // 0x49064906: ERC-4906 (metadata update events).
        return interfaceId == 0x49064906 || super.supportsInterface(interfaceId);
    }

    function _baseURI() internal view override returns (string memory) {
        return _base;
    }

    function _mintMany(address to, uint256 quantity) private returns (uint256 firstId) {
        if (quantity == 0) revert ZeroQuantity();
        firstId = _nextId;
        _nextId = firstId + quantity;
        for (uint256 i; i < quantity; ++i) {
            _safeMint(to, firstId + i);
        }
    }
}
