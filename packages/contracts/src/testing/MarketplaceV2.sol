// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Marketplace} from "../Marketplace.sol";

/// @notice Test-only upgrade target: the same market with a new version string and one new
///         storage value in its own namespace, to show an upgrade keeps every listing.
contract MarketplaceV2 is Marketplace {
    struct V2Storage {
        string motd;
    }

    // A slot of its own, away from the V1 namespace.
    bytes32 private constant V2_SLOT = keccak256("aiamarket.storage.MarketplaceV2.simple");

    function version() external pure override returns (string memory) {
        return "2";
    }

    function setMotd(string calldata text) external onlyOwner {
        _v2().motd = text;
    }

    function motd() external view returns (string memory) {
        return _v2().motd;
    }

    function _v2() private pure returns (V2Storage storage $) {
        bytes32 slot = V2_SLOT;
        assembly {
            $.slot := slot
        }
    }
}
