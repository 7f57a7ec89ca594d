// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {StableCoinEventsAndErrors} from "./interfaces/StableCoinEventsAndErrors.sol";

/// @title StableCoin
/// @notice The 6-decimal stable coin ("USDT") used on local chains, so the marketplace and the
///         launchpad can be exercised with an ERC-20 payment coin. In production the real
///         stable coin of the chain is configured instead; this contract refuses to mint
///         anywhere but a local chain (anvil 31337, or 1337).
contract StableCoin is StableCoinEventsAndErrors, ERC20, Ownable {
    constructor(address initialOwner) ERC20("USD Tether (local)", "USDT") Ownable(initialOwner) {}

    /// @inheritdoc ERC20
    function decimals() public pure override returns (uint8) {
        return 6;
    }

    /// @notice Mints `amount` (6 decimals) to `to`. Owner only, local chains only.
    function mint(address to, uint256 amount) external onlyOwner {
        if (block.chainid != 31337 && block.chainid != 1337) revert NotLocalChain(block.chainid);
        _mint(to, amount);
    }
}
