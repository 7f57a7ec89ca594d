// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC1155} from "@openzeppelin/contracts/token/ERC1155/ERC1155.sol";
import {ERC2981} from "@openzeppelin/contracts/token/common/ERC2981.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {GameItems1155EventsAndErrors} from "./interfaces/GameItemsEventsAndErrors.sol";

/// @title GameItems1155
/// @notice A game's ERC1155 collection with whitelist mint (the spec's "ERC1155 with whitelist
///         mint"): the owner mints freely and grants per-address, per-token allowances that the
///         holder mints with whitelistMint. ERC-2981 royalty set by the owner. The owner can give
///         one id its own metadata URI, announced with the ERC1155 URI event (an item levels up).
contract GameItems1155 is GameItems1155EventsAndErrors, ERC1155, ERC2981, Ownable {
    string public name;
    string public symbol;

    /// @notice How many of token `id` each address may still mint through whitelistMint.
    mapping(address account => mapping(uint256 id => uint256)) public whitelistAllowance;
    /// @notice Total minted per token id.
    mapping(uint256 id => uint256) public totalSupply;
    /// @dev An id's own URI, set by the owner; empty = the shared URI (with {id}).
    mapping(uint256 id => string) private _tokenURIs;

    constructor(
        string memory name_,
        string memory symbol_,
        string memory uri_,
        address initialOwner,
        address royaltyReceiver,
        uint96 royaltyBps
    ) ERC1155(uri_) Ownable(initialOwner) {
        name = name_;
        symbol = symbol_;
        if (royaltyReceiver != address(0)) _setDefaultRoyalty(royaltyReceiver, royaltyBps);
    }

    function mint(address to, uint256 id, uint256 amount) external onlyOwner {
        if (amount == 0) revert ZeroQuantity();
        totalSupply[id] += amount;
        _mint(to, id, amount, "");
    }

    function mintBatch(address to, uint256[] calldata ids, uint256[] calldata amounts) external onlyOwner {
        for (uint256 i; i < ids.length; ++i) {
            if (amounts[i] == 0) revert ZeroQuantity();
            totalSupply[ids[i]] += amounts[i];
        }
        _mintBatch(to, ids, amounts, "");
    }

    function setWhitelist(address[] calldata accounts, uint256 id, uint256 allowance) external onlyOwner {
        for (uint256 i; i < accounts.length; ++i) {
            whitelistAllowance[accounts[i]][id] = allowance;
            emit WhitelistSet(accounts[i], id, allowance);
        }
    }

    /// @notice Mints `amount` of token `id` to the caller out of its whitelist allowance.
    function whitelistMint(uint256 id, uint256 amount) external {
        if (amount == 0) revert ZeroQuantity();
        uint256 allowance = whitelistAllowance[msg.sender][id];
        if (allowance == 0) revert NotWhitelisted(msg.sender, id);
        if (amount > allowance) revert WhitelistAllowanceExceeded(allowance);
        whitelistAllowance[msg.sender][id] = allowance - amount;
        totalSupply[id] += amount;
        _mint(msg.sender, id, amount, "");
    }

    function setURI(string calldata uri_) external onlyOwner {
        _setURI(uri_);
    }

    /// @notice Gives token `id` its own metadata URI (an empty `uri_` goes back to the shared
    ///         one) and announces it with the ERC1155 URI event.
    function setTokenURI(uint256 id, string calldata uri_) external onlyOwner {
        _tokenURIs[id] = uri_;
        emit URI(uri(id), id);
    }

    /// @notice The id's own URI when the owner set one, else the shared URI (with {id}).
    function uri(uint256 id) public view override returns (string memory) {
        string memory own = _tokenURIs[id];
        return bytes(own).length > 0 ? own : super.uri(id);
    }

    function setDefaultRoyalty(address receiver, uint96 feeNumerator) external onlyOwner {
        _setDefaultRoyalty(receiver, feeNumerator);
    }

    function supportsInterface(bytes4 interfaceId) public view override(ERC1155, ERC2981) returns (bool) {
        return super.supportsInterface(interfaceId);
    }
}
