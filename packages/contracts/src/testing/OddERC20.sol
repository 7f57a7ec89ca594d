// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice Test-only ERC-20s that misbehave the ways real tokens do. `Mode`:
///         NoReturn      transfer/transferFrom return nothing (USDT-style), revert on failure;
///         ReturnsFalse  return false instead of reverting on failure (and when `failAll` is set);
///         FeeOnTransfer burn `feeBps` of every transfer (the receiver gets less).
///         Any mode: `setBlocked` makes transfers to that holder fail (a stable coin's blocklist).
contract OddERC20 {
    enum Mode {
        NoReturn,
        ReturnsFalse,
        FeeOnTransfer
    }

    string public name;
    string public symbol;
    uint8 public immutable decimals;
    Mode public immutable mode;
    uint256 public feeBps;
    bool public failAll;
    mapping(address => bool) public blocked;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(string memory name_, uint8 decimals_, Mode mode_, uint256 feeBps_) {
        name = name_;
        symbol = name_;
        decimals = decimals_;
        mode = mode_;
        feeBps = feeBps_;
    }

    function mint(address to, uint256 amount) external {
        balanceOf[to] += amount;
        totalSupply += amount;
        emit Transfer(address(0), to, amount);
    }

    function setBlocked(address holder, bool value) external {
        blocked[holder] = value;
    }

    function setFailAll(bool value) external {
        failAll = value;
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transfer(address to, uint256 amount) external {
        bool ok = _move(msg.sender, to, amount);
        _return(ok);
    }

    function transferFrom(address from, address to, uint256 amount) external {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed < amount || failAll) {
            if (mode == Mode.ReturnsFalse) _return(false);
            revert("allowance");
        }
        bool ok = _move(from, to, amount);
        if (ok && allowed != type(uint256).max) allowance[from][msg.sender] = allowed - amount;
        _return(ok);
    }

    function _move(address from, address to, uint256 amount) private returns (bool) {
        if (balanceOf[from] < amount || failAll || blocked[to]) {
            if (mode == Mode.ReturnsFalse) return false;
            revert("balance");
        }
        balanceOf[from] -= amount;
        uint256 fee = mode == Mode.FeeOnTransfer ? amount * feeBps / 10_000 : 0;
        balanceOf[to] += amount - fee;
        totalSupply -= fee;
        emit Transfer(from, to, amount - fee);
        return true;
    }

    /// @dev Ends the call: NoReturn returns no data at all; the others return the bool.
    function _return(bool ok) private view {
        if (mode == Mode.NoReturn) {
            assembly {
                return(0, 0)
            }
        }
        assembly {
            mstore(0, ok)
            return(0, 32)
        }
    }
}
