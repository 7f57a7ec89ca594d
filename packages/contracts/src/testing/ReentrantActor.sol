// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC721Receiver} from "@openzeppelin/contracts/token/ERC721/IERC721Receiver.sol";
import {IERC1155Receiver} from "@openzeppelin/contracts/token/ERC1155/IERC1155Receiver.sol";
import {IERC165} from "@openzeppelin/contracts/utils/introspection/IERC165.sol";

/// @notice Test-only contract account. `execute` makes it act (list, buy, mint, approve...);
///         from its ERC721/ERC1155 receive hooks and from its receive/fallback it re-enters the
///         calls set with `setReentries`, recording how each one ended. Also serves as "one user
///         with many contracts" for the cap-bypass test.
contract ReentrantActor is IERC721Receiver, IERC1155Receiver {
    struct Call {
        address target;
        uint256 value;
        bytes data;
    }

    address public immutable controller;
    Call[] private _reentries;
    bool private _inHook;
    uint256 public attempts;
    uint256 public successes;
    bytes4[] private _errors;
    bool public rejectNative;

    constructor() payable {
        controller = msg.sender;
    }

    function setReentries(Call[] calldata calls) external {
        delete _reentries;
        for (uint256 i; i < calls.length; ++i) {
            _reentries.push(calls[i]);
        }
    }

    function setRejectNative(bool value) external {
        rejectNative = value;
    }

    function errors() external view returns (bytes4[] memory) {
        return _errors;
    }

    function execute(address target, uint256 value, bytes calldata data) external payable returns (bytes memory) {
        (bool ok, bytes memory ret) = target.call{value: value}(data);
        if (!ok) {
            assembly {
                revert(add(ret, 32), mload(ret))
            }
        }
        return ret;
    }

    function onERC721Received(address, address, uint256, bytes calldata) external returns (bytes4) {
        _reenter();
        return IERC721Receiver.onERC721Received.selector;
    }

    function onERC1155Received(address, address, uint256, uint256, bytes calldata) external returns (bytes4) {
        _reenter();
        return IERC1155Receiver.onERC1155Received.selector;
    }

    function onERC1155BatchReceived(address, address, uint256[] calldata, uint256[] calldata, bytes calldata)
        external
        returns (bytes4)
    {
        _reenter();
        return IERC1155Receiver.onERC1155BatchReceived.selector;
    }

    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == type(IERC721Receiver).interfaceId || interfaceId == type(IERC1155Receiver).interfaceId
            || interfaceId == type(IERC165).interfaceId;
    }

    receive() external payable {
        if (rejectNative) revert("no native");
        _reenter();
    }

    fallback() external payable {
        _reenter();
    }

    function _reenter() private {
        if (_inHook) return;
        _inHook = true;
        for (uint256 i; i < _reentries.length; ++i) {
            Call storage c = _reentries[i];
            attempts++;
            (bool ok, bytes memory ret) = c.target.call{value: c.value}(c.data);
            if (ok) {
                successes++;
            } else {
                bytes4 selector;
                if (ret.length >= 4) {
                    assembly {
                        selector := mload(add(ret, 32))
                    }
                }
                _errors.push(selector);
            }
        }
        _inHook = false;
    }
}
