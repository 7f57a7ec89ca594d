// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {WrappedAIAEventsAndErrors} from "./interfaces/WrappedAIAEventsAndErrors.sol";

/// @title WrappedAIA
/// @notice Native AIA as an ERC-20 (WETH9 semantics): `deposit` (or a plain transfer) mints
///         1:1, `withdraw` burns and sends the AIA back. Offers pull their coin from the
///         offerer's wallet through an allowance, which native AIA cannot give, so an offer "in
///         AIA" is an offer in this coin. An allowance of type(uint256).max is never decreased.
contract WrappedAIA is WrappedAIAEventsAndErrors {
    string public constant name = "Wrapped AIA";
    string public constant symbol = "WAIA";
    uint8 public constant decimals = 18;

    mapping(address account => uint256) public balanceOf;
    mapping(address owner => mapping(address spender => uint256)) public allowance;

    receive() external payable {
        deposit();
    }

    function deposit() public payable {
        balanceOf[msg.sender] += msg.value;
        emit Deposit(msg.sender, msg.value);
    }

    function withdraw(uint256 value) external {
        uint256 balance = balanceOf[msg.sender];
        if (balance < value) revert InsufficientBalance(balance, value);
        unchecked {
            balanceOf[msg.sender] = balance - value;
        }
        emit Withdrawal(msg.sender, value);
        (bool ok,) = msg.sender.call{value: value}("");
        if (!ok) revert NativeTransferFailed(msg.sender);
    }

    /// @notice Every wrapped unit is backed by the AIA this contract holds.
    function totalSupply() external view returns (uint256) {
        return address(this).balance;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        return transferFrom(msg.sender, to, value);
    }

    function transferFrom(address from, address to, uint256 value) public returns (bool) {
        if (from != msg.sender) {
            uint256 allowed = allowance[from][msg.sender];
            if (allowed != type(uint256).max) {
                if (allowed < value) revert InsufficientAllowance(allowed, value);
                unchecked {
                    allowance[from][msg.sender] = allowed - value;
                }
            }
        }
        uint256 balance = balanceOf[from];
        if (balance < value) revert InsufficientBalance(balance, value);
        unchecked {
            balanceOf[from] = balance - value;
        }
        balanceOf[to] += value;
        emit Transfer(from, to, value);
        return true;
    }
}
