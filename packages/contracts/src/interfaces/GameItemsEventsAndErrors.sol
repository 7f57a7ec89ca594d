// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title GameItemsEventsAndErrors
/// @notice What both game collections (GameItems721, GameItems1155) refuse alike.
interface GameItemsEventsAndErrors {
    /// @notice The whitelist mint asks for more than the `remaining` allowance.
    error WhitelistAllowanceExceeded(uint256 remaining);
    /// @notice A mint of zero tokens.
    error ZeroQuantity();
}

/// @title GameItems721EventsAndErrors
/// @notice Every event and custom error of GameItems721 beyond OpenZeppelin's ERC721 and Ownable.
interface GameItems721EventsAndErrors is GameItemsEventsAndErrors {
    /// @notice The owner set how many tokens `account` may still mint through whitelistMint.
    event WhitelistSet(address indexed account, uint256 allowance);
    /// @notice The owner set the base URI of token metadata.
    event BaseURISet(string baseURI);
    /// @notice ERC-4906: the metadata of `_tokenId` changed.
    event MetadataUpdate(uint256 _tokenId);
    /// @notice ERC-4906: the metadata of the tokens `_fromTokenId` to `_toTokenId` changed.
    event BatchMetadataUpdate(uint256 _fromTokenId, uint256 _toTokenId);

    /// @notice `account` has no whitelist allowance.
    error NotWhitelisted(address account);
    /// @notice An empty list of token URIs.
    error EmptyURIs();
}

/// @title GameItems1155EventsAndErrors
/// @notice Every event and custom error of GameItems1155 beyond OpenZeppelin's ERC1155 and Ownable.
interface GameItems1155EventsAndErrors is GameItemsEventsAndErrors {
    /// @notice The owner set how many of token `id` `account` may still mint through whitelistMint.
    event WhitelistSet(address indexed account, uint256 indexed id, uint256 allowance);

    /// @notice `account` has no whitelist allowance for token `id`.
    error NotWhitelisted(address account, uint256 id);
}
