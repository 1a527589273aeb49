//! `walk(f)` without recursion. jq defines it as `def w: if type == "object" then
//! map_values(w) elif type == "array" then map(w) else . end | f; w`, which jaq evaluates one
//! native stack frame (and more) per level: a value nested some 6,000 deep overflowed the
//! evaluator's stack and ended the process, where jq (whose evaluator keeps its stack on the
//! heap) walks a value nested a million deep. Here the levels are an explicit stack of frames
//! on the heap, and the meaning is jq's: an array's element becomes every output of `f` on
//! it (`map`), an object's value the first output (`map_values`, `.[] |= f`) or, when there
//! is none, the key goes; then `f` applies to the container rebuilt. The outputs of `f` on
//! the value itself are given lazily, as jq gives them.

use jaq_core::box_iter::box_once;
use jaq_core::native::Fun;
use jaq_core::{Bind, DataT, Exn, Native, ValXs};
use jaq_json::{Map, Rc, Val};

/// A container being rebuilt: the children still to walk and what the walked ones became.
enum Frame {
    Arr { rest: std::vec::IntoIter<Val>, done: Vec<Val> },
    Obj { rest: std::vec::IntoIter<(Val, Val)>, key: Val, done: Map },
}

/// `__jq_walk(f)`, behind the prelude's `walk(f)`.
pub fn native<D: for<'a> DataT<V<'a> = Val>>() -> Fun<D> {
    let native = Native::<D>::new(|mut cv| {
        let (f, ctx) = cv.0.pop_fun();
        walk(cv.1, &mut |value| f.run((ctx.clone(), value)))
    });
    ("__jq_walk", [Bind::Fun(())].into(), native)
}

/// `root` walked bottom-up with `f` (see the module's doc); an error of `f` ends the walk.
fn walk<'a>(root: Val, f: &mut dyn FnMut(Val) -> ValXs<'a, Val>) -> ValXs<'a, Val> {
    let mut stack: Vec<Frame> = Vec::new();
    let mut next = root;
    loop {
        // Down the first children to a scalar or an empty container.
        let mut node = loop {
            // A long walk stops with the line (deadline, Ctrl-C), as a guarded definition does.
            if let Some(err) = super::limits::must_stop() {
                return box_once(Err(Exn::from(err)));
            }
            match next {
                Val::Arr(items) if !items.is_empty() => {
                    let items = Rc::try_unwrap(items).unwrap_or_else(|shared| shared.as_ref().clone());
                    let done = Vec::with_capacity(items.len());
                    let mut rest = items.into_iter();
                    next = rest.next().unwrap_or_default();
                    stack.push(Frame::Arr { rest, done });
                }
                Val::Obj(map) if !map.is_empty() => {
                    let entries: Vec<(Val, Val)> = match Rc::try_unwrap(map) {
                        Ok(map) => map.into_iter().collect(),
                        Err(shared) => shared.iter().map(|(k, v)| (k.clone(), v.clone())).collect(),
                    };
                    let mut rest = entries.into_iter();
                    let (key, first) = rest.next().unwrap_or_default();
                    next = first;
                    stack.push(Frame::Obj { rest, key, done: Map::default() });
                }
                leaf => break leaf,
            }
        };
        // Up: `f` on the node, its outputs into the container above; a container whose
        // children are all walked is the next node.
        loop {
            let mut outputs = f(node);
            match stack.last_mut() {
                None => return outputs,
                Some(Frame::Arr { rest, done }) => {
                    for output in outputs {
                        match output {
                            Ok(value) => done.push(value),
                            Err(err) => return box_once(Err(err)),
                        }
                    }
                    if let Some(item) = rest.next() {
                        next = item;
                        break;
                    }
                }
                Some(Frame::Obj { rest, key, done }) => {
                    match outputs.next() {
                        Some(Ok(value)) => _ = done.insert(std::mem::take(key), value),
                        Some(Err(err)) => return box_once(Err(err)),
                        None => {}
                    }
                    if let Some((k, item)) = rest.next() {
                        *key = k;
                        next = item;
                        break;
                    }
                }
            }
            node = match stack.pop() {
                Some(Frame::Arr { done, .. }) => Val::Arr(Rc::new(done)),
                Some(Frame::Obj { done, .. }) => Val::obj(done),
                None => Val::Null,
            };
        }
    }
}
