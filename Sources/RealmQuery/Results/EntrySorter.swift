/// An in-place sort of sort entries: quicksort (median of three), insertion sort for short
/// ranges, heapsort where quicksort goes too deep. Entries are totally ordered (their places
/// differ), so it need not be stable, and it allocates nothing, where the standard library's
/// stable sort allocated as it merged.
struct EntrySorter<Order: EntryOrdering> {
    let order: Order

    @inline(__always)
    private func precedes(_ a: SortEntry, _ b: SortEntry) -> Bool { order.precedes(a, b) }

    func sort(_ entries: inout [SortEntry]) {
        entries.withUnsafeMutableBufferPointer { buffer in sort(buffer, 0..<buffer.count) }
    }

    /// Sorts `range` of `entries`, leaving the rest as it is.
    func sort(_ entries: UnsafeMutableBufferPointer<SortEntry>, _ range: Range<Int>) {
        quicksort(entries, range.lowerBound, range.upperBound, depth: 2 * (Int.bitWidth - range.count.leadingZeroBitCount))
    }

    /// `depth` bounds the partitions on the way from the whole range to any part of it (twice
    /// log2 of the count): a path that goes deeper meets bad pivots, and heapsort finishes
    /// that part. It is counted per path, not for the whole sort: a budget shared by every
    /// partition ran out after a few dozen of them on ten million entries, and heapsort (three
    /// times slower here) then sorted nearly everything (perf: 69% of a sort of 10,000,000
    /// strings).
    private func quicksort(_ items: UnsafeMutableBufferPointer<SortEntry>, _ low: Int, _ high: Int, depth: Int) {
        var low = low
        var high = high
        var depth = depth
        while high - low > 16 {
            if depth == 0 {
                heapsort(items, low, high)
                return
            }
            depth -= 1
            let middle = low + (high - low) / 2
            // The median of the first, middle and last entries as the pivot, moved to `low`.
            if precedes(items[middle], items[low]) { items.swapAt(middle, low) }
            if precedes(items[high - 1], items[middle]) { items.swapAt(high - 1, middle) }
            if precedes(items[middle], items[low]) { items.swapAt(middle, low) }
            items.swapAt(low, middle)
            let pivot = items[low]
            var left = low + 1
            var right = high - 1
            while true {
                while left <= right && precedes(items[left], pivot) { left += 1 }
                while left <= right && precedes(pivot, items[right]) { right -= 1 }
                if left >= right { break }
                items.swapAt(left, right)
                left += 1
                right -= 1
            }
            items.swapAt(low, right)
            // The smaller side recursively, the larger one in the loop: stack depth stays log n.
            if right - low < high - right - 1 {
                quicksort(items, low, right, depth: depth)
                low = right + 1
            } else {
                quicksort(items, right + 1, high, depth: depth)
                high = right
            }
        }
        insertionSort(items, low, high)
    }

    private func insertionSort(_ items: UnsafeMutableBufferPointer<SortEntry>, _ low: Int, _ high: Int) {
        guard high - low > 1 else { return }
        for index in (low + 1)..<high {
            let item = items[index]
            var position = index
            while position > low && precedes(item, items[position - 1]) {
                items[position] = items[position - 1]
                position -= 1
            }
            items[position] = item
        }
    }

    private func heapsort(_ items: UnsafeMutableBufferPointer<SortEntry>, _ low: Int, _ high: Int) {
        let count = high - low
        func siftDown(_ start: Int, _ end: Int) {
            var root = start
            while 2 * root + 1 < end {
                var child = 2 * root + 1
                if child + 1 < end && precedes(items[low + child], items[low + child + 1]) { child += 1 }
                guard precedes(items[low + root], items[low + child]) else { return }
                items.swapAt(low + root, low + child)
                root = child
            }
        }
        for start in stride(from: count / 2 - 1, through: 0, by: -1) { siftDown(start, count) }
        for end in stride(from: count - 1, to: 0, by: -1) {
            items.swapAt(low, low + end)
            siftDown(0, end)
        }
    }
}
