// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title StableCoinEventsAndErrors
/// @notice The custom error of the local stable coin (StableCoin.sol) beyond OpenZeppelin's ERC20.
interface StableCoinEventsAndErrors {
    /// @notice Minting was attempted on a chain that is not a local development chain.
    error NotLocalChain(uint256 chainId);
}
