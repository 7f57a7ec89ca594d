// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC1967Proxy} from "@openzeppelin/contracts/proxy/ERC1967/ERC1967Proxy.sol";

/// @title MarketplaceProxy
/// @notice The ERC1967 proxy the marketplace lives behind (its address is the market's address;
///         the implementation is upgraded through UUPS by the market owner).
contract MarketplaceProxy is ERC1967Proxy {
    constructor(address implementation, bytes memory initData) payable ERC1967Proxy(implementation, initData) {}
}
